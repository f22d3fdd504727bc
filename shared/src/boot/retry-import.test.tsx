import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { importQuietly, retryImport, showStartFailure, startApp, START_FAILURE_TEXT } from './retry-import';
import { withRetriedLazies } from '@driver-portal/shared/shell';

// Issue 29, point 5: a chunk that cannot load is asked for once more, then the caller's fallback; never an uncaught error.
const chunkError = () => Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

describe('retryImport', () => {
  it('a chunk that fails once is asked for again and used', async () => {
    const load = jest.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({ value: 1 });
    await expect(retryImport(load, { delayMs: 1 })).resolves.toEqual({ value: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails after the second try only, with the error, and asks no third time', async () => {
    const load = jest.fn().mockRejectedValue(chunkError());
    await expect(retryImport(load, { delayMs: 1 })).rejects.toThrow('Loading chunk 123 failed.');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('telemetry gives up quietly: nothing used, nothing thrown', async () => {
    const use = jest.fn();
    const load = jest.fn().mockRejectedValue(chunkError());
    importQuietly(load, use, { delayMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(load).toHaveBeenCalledTimes(2);
    expect(use).not.toHaveBeenCalled();
  });
});

describe("an app's code that cannot load", () => {
  it('shows a message with a way to try again instead of a blank page', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const run = jest.fn();
    const load = jest.fn().mockRejectedValue(chunkError());
    await startApp(load, run);
    expect(run).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(START_FAILURE_TEXT.title);
    expect(screen.getByRole('button', { name: START_FAILURE_TEXT.retry })).toBeInTheDocument();
  });

  it('runs the app when its code loads (on the second try too)', async () => {
    const run = jest.fn();
    await startApp(jest.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({ start: 1 }), run);
    expect(run).toHaveBeenCalledWith({ start: 1 });
  });

  it('showStartFailure writes into #root, or the body when there is none', () => {
    document.body.innerHTML = '';
    showStartFailure();
    expect(screen.getByRole('heading', { name: START_FAILURE_TEXT.title })).toBeInTheDocument();
  });
});

describe("a screen's code (route lazy)", () => {
  function routerWith(lazy: () => Promise<{ Component: () => React.ReactElement }>) {
    const routes: RouteObject[] = [{ errorElement: <p>fallback da área</p>, children: withRetriedLazies([{ path: '/x', lazy }]) }];
    return createMemoryRouter(routes, { initialEntries: ['/x'] });
  }

  it('is asked for once more, and the screen shows', async () => {
    const lazy = jest
      .fn()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce({ Component: () => <p>tela</p> });
    render(<RouterProvider router={routerWith(lazy)} />);
    expect(await screen.findByText('tela', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(lazy).toHaveBeenCalledTimes(2);
  });

  it("failing twice, the area's fallback shows", async () => {
    const lazy = jest.fn().mockRejectedValue(chunkError());
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<RouterProvider router={routerWith(lazy)} />);
    expect(await screen.findByText('fallback da área', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(lazy).toHaveBeenCalledTimes(2);
  });
});
