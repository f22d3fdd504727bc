import type { RemoteRoutesModule } from '@driver-portal/shared/shell';
import { navigationProblems } from '.';

const remote: RemoteRoutesModule = {
  prefixes: ['/eula', '/deposits'],
  routes: [
    { path: 'eula/:driverId', element: <h1>Termos</h1> },
    { path: 'deposits/list', element: <h1>Depósitos</h1> },
  ],
};

describe('navigation entries checked against the remote routes', () => {
  it('accepts tiles that open one of the remote screens (case-insensitively, trailing slash too), in any section', () => {
    const entries = [
      { label: 'Termos', path: '/eula/:driverId', group: 'Uma seção que o host não conhece', groupOrder: 5, needsDriverId: true },
      { label: 'Depósitos', path: '/Deposits/list/', group: 'Autoatendimento', needsDriverId: false },
    ];
    expect(navigationProblems(entries, remote)).toEqual([]);
  });

  it('reports a tile whose screen does not exist, one outside the prefixes and a malformed one', () => {
    const entries = [
      { label: 'Minha conta', path: '/my-account/init/:driverId', group: 'Minha conta', needsDriverId: true },
      { label: 'Extrato', path: '/deposits/extrato', group: 'Autoatendimento', needsDriverId: false },
      { label: 'Sem seção', path: '/deposits/list', group: ' ', needsDriverId: false },
      { label: 'Ordem', path: '/deposits/list', group: 'Autoatendimento', groupOrder: -1, needsDriverId: false },
      { label: 'Id', path: '/eula/:driverId', group: 'Minha conta', needsDriverId: false },
    ];
    expect(navigationProblems(entries, remote)).toEqual([
      "Minha conta: /my-account/init/:driverId is outside this remote's prefixes",
      "Extrato: /deposits/extrato matches none of this remote's routes",
      expect.stringContaining("entry 2 is malformed: group must be the home section's title: a non-empty text of at most 40 characters"),
      expect.stringContaining('entry 3 is malformed: groupOrder, when given, must be a whole number from 0 to 999'),
      expect.stringContaining('entry 4 is malformed: needsDriverId must be true when path holds :driverId'),
    ]);
    expect(navigationProblems({}, remote)).toEqual(['the navigation file is not a list']);
  });

  it('a catch-all route does not count as a screen', () => {
    const withSplat: RemoteRoutesModule = { ...remote, routes: [...remote.routes, { path: 'deposits/*', element: <p /> }] };
    const entries = [{ label: 'X', path: '/deposits/nada', group: 'Autoatendimento', needsDriverId: false }];
    expect(navigationProblems(entries, withSplat)).toEqual(["X: /deposits/nada matches none of this remote's routes"]);
  });
});
