import { RateLimiter } from '../src/limits';

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
