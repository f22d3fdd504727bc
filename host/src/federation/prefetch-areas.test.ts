import type { NavigationEntry } from '@driver-portal/shared/links';
import { fetchAllNavigation } from '../features/home/read-navigation';
import { prefetchAreas, savesData } from './prefetch-areas';
import { RemoteRegistry } from './remote-registry';

jest.mock('../features/home/read-navigation', () => ({ fetchAllNavigation: jest.fn() }));

const tilesRead = jest.mocked(fetchAllNavigation);

const remote = (name: string, prefix: string) => ({ name, manifest: `http://localhost/${name}/mf-manifest.json`, prefixes: [prefix] });
const tile = (path: string): NavigationEntry => ({
  label: path,
  path,
  group: 'Serviços' as NavigationEntry['group'],
  needsDriverId: false,
});

const account = remote('mfe_account', '/my-account');
const insurance = remote('mfe_insurance', '/car-insurance');
const noTiles = remote('mfe_quiet', '/quiet');

const online = { connection: { saveData: false } } as unknown as Navigator;

function registryWith(prefetched: string[]) {
  const registry = new RemoteRegistry([account, insurance, noTiles]);
  jest.spyOn(registry, 'prefetch').mockImplementation(async (which) => {
    prefetched.push(which.name);
  });
  return registry;
}

beforeEach(() =>
  tilesRead.mockClear().mockResolvedValue([tile('/my-account/init'), tile('/car-insurance/init'), tile('/car-insurance/other')]),
);

describe('the federation tax before the tap', () => {
  it("fetches, from the home, the areas the home's tiles lead to, one after the other, in the list's order", async () => {
    const prefetched: string[] = [];
    await expect(prefetchAreas(registryWith(prefetched), '/App', online)).resolves.toEqual(['mfe_account', 'mfe_insurance']);
    // A remote no tile leads to is not fetched.
    expect(prefetched).toEqual(['mfe_account', 'mfe_insurance']);
  });

  it("leaves out, on an area's screen, the area the page already runs", async () => {
    const prefetched: string[] = [];
    await prefetchAreas(registryWith(prefetched), '/car-insurance/init/42', online);
    expect(prefetched).toEqual(['mfe_account']);
  });

  it('waits for one area before the next', async () => {
    const registry = new RemoteRegistry([account, insurance]);
    let finishFirst: () => void = () => undefined;
    const calls: string[] = [];
    jest.spyOn(registry, 'prefetch').mockImplementation((which) => {
      calls.push(which.name);
      return calls.length === 1 ? new Promise<void>((resolve) => (finishFirst = resolve)) : Promise.resolve();
    });
    const done = prefetchAreas(registry, '/App', online);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['mfe_account']);
    finishFirst();
    await done;
    expect(calls).toEqual(['mfe_account', 'mfe_insurance']);
  });

  it('fetches nothing on a "save data" connection, nor without the remote list', async () => {
    const prefetched: string[] = [];
    const saving = { connection: { saveData: true } } as unknown as Navigator;
    await expect(prefetchAreas(registryWith(prefetched), '/App', saving)).resolves.toEqual([]);
    const noList = new RemoteRegistry([], { listUnavailable: true });
    await expect(prefetchAreas(noList, '/App', online)).resolves.toEqual([]);
    expect(prefetched).toEqual([]);
    expect(tilesRead).not.toHaveBeenCalled();
  });

  it('reads saveData only where the engine has it (WebKit and Firefox have no navigator.connection)', () => {
    expect(savesData({} as Navigator)).toBe(false);
    expect(savesData({ connection: { saveData: true } } as unknown as Navigator)).toBe(true);
  });
});

describe('RemoteRegistry.prefetch', () => {
  it('never rejects: a failure is only a missed head start', async () => {
    const registry = new RemoteRegistry([account]);
    // The runtime chunk cannot be downloaded (offline): Jest has no chunk to give.
    jest.spyOn(registry as unknown as { federation: () => Promise<never> }, 'federation').mockRejectedValue(new Error('offline'));
    await expect(registry.prefetch(account)).resolves.toBeUndefined();
  });

  it('registers a prefetched remote again, forced, when a release moved it (the runtime then loads the new entry)', async () => {
    const federation = { registerRemotes: jest.fn(), preloadRemote: jest.fn().mockResolvedValue(undefined) };
    const registry = new RemoteRegistry([account]);
    jest.spyOn(registry as unknown as { federation: () => Promise<unknown> }, 'federation').mockResolvedValue(federation);
    await registry.prefetch(account);
    expect(federation.preloadRemote).toHaveBeenCalledWith('mfe_account', './routes');
    const released = { ...account, manifest: 'http://localhost/mfe_account/releases/new/mf-manifest.json' };
    registry.reset(released);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(federation.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_account', entry: released.manifest }], { force: true });
  });
});
