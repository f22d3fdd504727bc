import { safeExternalUrl } from '.';

describe('links from a server', () => {
  it('opens only absolute http(s) addresses from a server as outside links', () => {
    expect(safeExternalUrl(' https://provedor.com.br/termos ')).toBe('https://provedor.com.br/termos');
    expect(safeExternalUrl('http://localhost:4000/static/terms-0.html')).toBe('http://localhost:4000/static/terms-0.html');
    for (const unsafe of ['javascript:alert(1)', 'data:text/html,x', '/relativo', '//host/x', '', null, 42]) {
      expect(safeExternalUrl(unsafe)).toBeUndefined();
    }
  });
});
