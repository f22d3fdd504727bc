import { breakStorage, STORAGE_MODES } from '@driver-portal/shared/test-utils';
import { switchByFullLoad } from './list-revalidation';

/*
 * A new release is normally taken by a full load of the page (list-revalidation.ts). Without
 * usable storage the session lives in the page's memory (docs/session.md, "Without storage"): a
 * full load would sign the driver out, so the page keeps the version it runs.
 */
describe.each(STORAGE_MODES)('storage %s', (mode) => {
  it('never loads the page again for a new release', () => {
    const undo = breakStorage(mode);
    try {
      const assign = jest.fn();
      expect(switchByFullLoad('http://localhost/notifications/list', 'http://localhost:3001/r2/mf-manifest.json', assign)).toBe(false);
      expect(assign).not.toHaveBeenCalled();
    } finally {
      undo();
    }
  });
});

it('with storage, the switch happens (once for a version)', () => {
  const assign = jest.fn();
  expect(switchByFullLoad('http://localhost/notifications/list', 'http://localhost:3001/r2/mf-manifest.json', assign)).toBe(true);
  expect(assign).toHaveBeenCalledWith('http://localhost/notifications/list');
});
