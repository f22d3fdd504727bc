import { clientAddress, isTrusted, requestClient, trustedProxies } from '../src/address';
import { RateLimiter } from '../src/limits';

describe('a client’s address', () => {
  it.each([
    ['an IPv4 address, as is', '203.0.113.7', '203.0.113.7'],
    ['an IPv6 address, by its /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['another address of the same /64', '2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['a compressed prefix', '2001:db8::1', '2001:db8:0:0::/64'],
    ['an IPv4-mapped IPv6 address, as the IPv4 one', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped address in hex', '::ffff:cb00:7107', '203.0.113.7'],
    ['a zone index', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('keys %s', (_case, address, client) => {
    expect(clientAddress(address)).toBe(client);
  });

  it('is no address for what is not one (a header can say anything)', () => {
    for (const text of ['', 'unknown', '10.0.0.256', '10.0.0.1, 10.0.0.2', '::g', '<script>']) expect(clientAddress(text)).toBeUndefined();
  });

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
  });

  it('refuses a proxy list with an entry that is no address (a typo must not trust everyone)', () => {
    expect(() => trustedProxies('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not an address or a network');
    expect(() => trustedProxies('nginx')).toThrow('"nginx"');
  });
});

describe('the rate limiter’s memory', () => {
  it('keeps at most maxClients buckets, forgetting the least recently seen first', () => {
    const limiter = new RateLimiter({ burst: 2, perMinute: 1, maxClients: 1000 });
    expect(limiter.take(1, 0)).toBe(true);
    expect(limiter.take(1, 0)).toBe(true);
    expect(limiter.take(1, 0)).toBe(false);
    // 50,000 new clients: the map never holds more than 1,000.
    for (let client = 2; client < 50_002; client += 1) limiter.take(client, 1);
    expect(limiter.size).toBe(1000);
    // Client 1 was forgotten: a fresh burst (a rate limit, not a count: the ledger's quota still holds).
    expect(limiter.take(1, 2)).toBe(true);
    // A recent client is still limited.
    expect(limiter.take(50_001, 2)).toBe(true);
    expect(limiter.take(50_001, 2)).toBe(false);
  });
});
