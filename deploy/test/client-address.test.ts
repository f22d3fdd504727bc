import { clientAddress, clientKey, isTrusted, proxiedAddress, requestClient, trustedProxies } from '../client-address.cjs';

describe('a client’s address', () => {
  it.each([
    ['an IPv4 address, as is', '203.0.113.7', '203.0.113.7'],
    ['an IPv6 address, by its /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['another address of the same /64', '2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['a compressed prefix', '2001:db8::1', '2001:db8:0:0::/64'],
    ['an IPv4-mapped IPv6 address, as the IPv4 one', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped address in hex', '::ffff:cb00:7107', '203.0.113.7'],
    ['a zone index', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['an embedded IPv4 tail after a short prefix', '1::2:3:4:5:1.2.3.4', '1:0:2:3::/64'],
  ])('keys %s', (_case, address, client) => {
    expect(clientAddress(address)).toBe(client);
  });

  it('is no address for what is not one (a header can say anything)', () => {
    for (const text of ['', 'unknown', '10.0.0.256', '10.0.0.1, 10.0.0.2', '::g', '<script>']) expect(clientAddress(text)).toBeUndefined();
  });

  // The session handoff's store keys (deploy/session-handoff.cjs): what is no address is one client, `unknown`.
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0001::ffff', '2001:db8:0:1::/64'],
    ['not an address', 'unknown'],
    [undefined, 'unknown'],
  ])('the client of %s is %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('the trusted proxies', () => {
  it('reads X-Real-IP only from a trusted proxy, and falls back to the connection for a header that is no address', () => {
    const proxies = trustedProxies('127.0.0.1 10.0.0.0/8 fd00::/8');
    expect(isTrusted('10.200.3.4', proxies)).toBe(true);
    expect(isTrusted('::ffff:10.200.3.4', proxies)).toBe(true);
    expect(isTrusted('fd12::5', proxies)).toBe(true);
    expect(isTrusted('11.0.0.1', proxies)).toBe(false);
    expect(isTrusted('127.0.0.2', proxies)).toBe(false);
    expect(requestClient('127.0.0.1', '198.51.100.9', proxies)).toBe('198.51.100.9');
    expect(requestClient('127.0.0.1', '2001:db8:5:6::77', proxies)).toBe('2001:db8:5:6::/64');
    expect(requestClient('127.0.0.2', '198.51.100.9', proxies)).toBe('127.0.0.2');
    expect(requestClient('127.0.0.1', 'forged', proxies)).toBe('127.0.0.1');
    expect(requestClient('::ffff:127.0.0.2', '198.51.100.9', [])).toBe('127.0.0.2');
    // A repeated header (two values) is no address.
    expect(requestClient('127.0.0.1', ['198.51.100.9', '198.51.100.10'], proxies)).toBe('127.0.0.1');
  });

  it('refuses a proxy list with an entry that is no address (a typo must not trust everyone)', () => {
    expect(() => trustedProxies('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not an address or a network');
    expect(() => trustedProxies('nginx')).toThrow('"nginx"');
    expect(() => trustedProxies('10.0.0.0/')).toThrow('"10.0.0.0/"');
    expect(() => trustedProxies('10.0.0.0/8/8')).toThrow('"10.0.0.0/8/8"');
    expect(() => trustedProxies('10.0.0.0/0x8')).toThrow('"10.0.0.0/0x8"');
    expect(() => trustedProxies('loopback/8', 'PORTAL_HANDOFF_TRUSTED_PROXIES')).toThrow('PORTAL_HANDOFF_TRUSTED_PROXIES: "loopback/8"');
  });

  it.each([
    ['loopback', ['127.0.0.1', '127.9.9.9', '::ffff:127.0.0.1', '::1'], ['128.0.0.1', '10.0.0.1', '::2', 'fd00::1']],
    [
      'private',
      ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.4.5', '::ffff:192.168.4.5', 'fc00::1', 'fdff::1'],
      ['172.32.0.1', '192.169.0.1', '11.0.0.1', '127.0.0.1', 'fe80::1', 'fc::1', '2001:db8::1'],
    ],
    ['any', ['203.0.113.7', '2001:db8::1', '::ffff:203.0.113.7'], ['', 'not an address', undefined]],
    ['192.0.2.254', ['192.0.2.254', '::ffff:192.0.2.254'], ['192.0.2.253', '127.0.0.1']],
    ['loopback private', ['127.0.0.1', '10.0.0.2', 'fd00::2', '::1'], ['203.0.113.7', '2001:db8::1']],
  ])('%s trusts its peers and no others', (list, trusted, untrusted) => {
    const proxies = trustedProxies(list);
    for (const peer of trusted) expect([peer, isTrusted(peer, proxies)]).toEqual([peer, true]);
    for (const peer of untrusted) expect([peer, isTrusted(peer, proxies)]).toEqual([peer, false]);
  });

  it('names the client as the proxy said, unkeyed, only from a trusted peer and only when it is an address', () => {
    const proxies = trustedProxies('loopback');
    expect(proxiedAddress('127.0.0.1', ' 2001:db8:1:2::9 ', proxies)).toBe('2001:db8:1:2::9');
    expect(proxiedAddress('203.0.113.7', '198.51.100.9', proxies)).toBe('203.0.113.7');
    expect(proxiedAddress('127.0.0.1', 'forged', proxies)).toBe('127.0.0.1');
    expect(proxiedAddress('127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
    expect(proxiedAddress(undefined, '198.51.100.9', proxies)).toBeUndefined();
    expect(proxiedAddress('127.0.0.1', '198.51.100.9', [])).toBe('127.0.0.1');
  });
});
