import { navigationProblems } from '@driver-portal/shared/test-utils';
import navigation from './navigation.json';
import * as remote from './routes';

// navigation.json is deployed beside mf-manifest.json and read by the host's home page.
it('every home tile this remote declares opens one of its own screens', () => {
  expect(navigation.tiles.length).toBeGreaterThan(0);
  expect(navigationProblems(navigation.tiles, remote)).toEqual([]);
});
