import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { carryJourney, journeyPath, leaveTo, returnAddressOf, safeReturnAddress, useJourney } from '.';
import { setActiveConfig } from '@driver-portal/shared/config';
import { testConfig } from '@driver-portal/shared/test-utils';

beforeEach(() => {
  setActiveConfig({ ...testConfig, portalUrl: 'http://localhost:3000' });
  window.sessionStorage.clear();
});

describe('what a journey carries', () => {
  it('the driver and the return address, in the query of the address it opens', () => {
    expect(journeyPath('/register/camera/edit/1/1', { driverId: 'd 1', returnTo: '/my-account/change-docs/d1' })).toBe(
      '/register/camera/edit/1/1?driverId=d+1&returnTo=%2Fmy-account%2Fchange-docs%2Fd1',
    );
  });

  it("a journey started at a remote's own page comes back to that origin; at the host, to a path", () => {
    // The test page (http://localhost) is not the host (http://localhost:3000): a remote's own page.
    expect(returnAddressOf('/my-account/change-docs/d1')).toBe('http://localhost/my-account/change-docs/d1');
    setActiveConfig({ ...testConfig, portalUrl: 'http://localhost' });
    expect(returnAddressOf('/my-account/change-docs/d1')).toBe('/my-account/change-docs/d1');
  });

  it('is carried on to the next screen of the receiving remote (the return address only)', () => {
    const search = '?driverId=d1&returnTo=%2Fmy-account%2Fchange-docs%2Fd1';
    expect(carryJourney('/register/cnh/edit/1', search)).toBe('/register/cnh/edit/1?returnTo=%2Fmy-account%2Fchange-docs%2Fd1');
    expect(carryJourney('/register/cnh/edit/1', '?driverId=d1')).toBe('/register/cnh/edit/1');
  });
});

describe('what a receiving screen refuses', () => {
  it.each([
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['https://evil.example/my-account'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['http://localhost:3009/my-account/init/d1'],
    ['/..//127.0.0.1:5000/grab.html'],
    ['/%2e%2e//127.0.0.1:5000/grab.html'],
    ['/x/..\\/evil.example'],
    [''],
  ])('%s is never a return address', (value) => {
    expect(safeReturnAddress(value)).toBeUndefined();
  });

  it('accepts a path of this origin, the host, and an origin that handed the session over', () => {
    expect(safeReturnAddress('/my-account/change-docs/d1?x=1')).toBe('/my-account/change-docs/d1?x=1');
    expect(safeReturnAddress('http://localhost/my-account/init/d1')).toBe('/my-account/init/d1');
    expect(safeReturnAddress('http://localhost:3000/App')).toBe('http://localhost:3000/App');
    expect(safeReturnAddress('http://localhost:3003/my-account/init/d1')).toBeUndefined();
    window.sessionStorage.setItem('driver-portal:handoffOrigins', JSON.stringify(['http://localhost:3003']));
    expect(safeReturnAddress('http://localhost:3003/my-account/init/d1')).toBe('http://localhost:3003/my-account/init/d1');
  });
});

describe('ending a journey', () => {
  it('replaces the finished screen with a path of this origin', () => {
    const navigate = jest.fn();
    leaveTo('/my-account/change-docs/d1', navigate);
    expect(navigate).toHaveBeenCalledWith('/my-account/change-docs/d1', { replace: true });
  });

  it('goes back to where the journey started when this tab still holds it (back from there then goes where it went before)', () => {
    const navigate = jest.fn();
    const entries = ['/my-account/init/d1', '/my-account/change-docs/d1', '/register/details-picture/0/1', '/register/camera/edit/0/1'].map(
      (path, index) => ({ index, url: `http://localhost${path}` }),
    );
    const tab = { location: window.location, navigation: { currentEntry: entries[3], entries: () => entries } } as unknown as Window;
    leaveTo('/my-account/change-docs/d1', navigate, tab);
    expect(navigate).toHaveBeenCalledWith(-2);
    leaveTo('/register/upload-picture/0', navigate, tab);
    expect(navigate).toHaveBeenLastCalledWith('/register/upload-picture/0', { replace: true });
  });

  it('without the Navigation API (WebKit): the same way back, from where the journey was remembered to start', () => {
    const navigate = jest.fn();
    const state = { idx: 4 };
    const tab = {
      location: { origin: 'http://localhost', href: 'http://localhost/my-account/change-docs/d1' },
      history: {
        get state() {
          return state;
        },
      },
      sessionStorage: window.sessionStorage,
    } as unknown as Window;
    // The starting screen builds its return address: its position (4) is remembered.
    returnAddressOf('/my-account/change-docs/d1', tab);
    // Three screens of the journey later, it ends: back to the start, not a new entry on top.
    state.idx = 7;
    leaveTo('/my-account/change-docs/d1', navigate, tab);
    expect(navigate).toHaveBeenCalledWith(-3);
    // An address never started from, or a start no longer behind: replaced, as before.
    leaveTo('/register/upload-picture/0', navigate, tab);
    expect(navigate).toHaveBeenLastCalledWith('/register/upload-picture/0', { replace: true });
    state.idx = 2;
    leaveTo('/my-account/change-docs/d1', navigate, tab);
    expect(navigate).toHaveBeenLastCalledWith('/my-account/change-docs/d1', { replace: true });
  });

  it('remembers a start only for the screen being shown', () => {
    const navigate = jest.fn();
    const state = { idx: 4 };
    const tab = {
      location: { origin: 'http://localhost', href: 'http://localhost/my-account/init/d1' },
      history: {
        get state() {
          return state;
        },
      },
      sessionStorage: window.sessionStorage,
    } as unknown as Window;
    returnAddressOf('/my-account/change-docs/d1', tab);
    state.idx = 6;
    leaveTo('/my-account/change-docs/d1', navigate, tab);
    expect(navigate).toHaveBeenCalledWith('/my-account/change-docs/d1', { replace: true });
  });

  it('goes back to the return address, else to the screen the flow goes on to, replacing the finished one', async () => {
    function Finishing() {
      const { finish, returnTo } = useJourney();
      const location = useLocation();
      return (
        <>
          <p>at {location.pathname}</p>
          <p>return {returnTo ?? 'none'}</p>
          <button type="button" onClick={() => finish('/register/upload-picture/1')}>
            fim
          </button>
        </>
      );
    }
    const routes = [{ path: '*', element: <Finishing /> }];
    const router = createMemoryRouter(routes, {
      initialEntries: ['/start', '/register/camera/edit/1/1?returnTo=%2F%2Fevil.example'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('return none')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'fim' }));
    expect(screen.getByText('at /register/upload-picture/1')).toBeInTheDocument();
    // Replaced, not stacked: back goes to the screen before the finished one.
    await act(() => router.navigate(-1));
    expect(screen.getByText('at /start')).toBeInTheDocument();
  });
});
