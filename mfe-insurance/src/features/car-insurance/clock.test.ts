import type { InsurancePolicy } from '../../contract';
import { validityEnded } from './policy';
import { summarizePolicy } from './policy';

/** Issue 44, point 3: a policy's last day, 29 February and a year's last minute. */
const at = (local: string) => new Date(`${local}-03:00`);

describe('validityEnded', () => {
  it.each([
    ['2028-02-29', '2028-02-29T00:00:00', false],
    ['2028-02-29', '2028-02-29T23:59:00', false],
    ['2028-02-29', '2028-03-01T00:00:00', true],
    ['29/02/2028', '2028-02-29T23:59:00', false],
    ['29/02/2028', '2028-03-01T00:00:00', true],
    ['2026-12-31', '2026-12-31T23:59:00', false],
    ['2026-12-31', '2027-01-01T00:01:00', true],
    ['2026-04-30', '2026-04-30T12:00:00', false],
    ['2026-04-30', '2026-05-01T00:00:00', true],
  ])('a policy valid until the day %s: at %s (Brasília) ended is %s', (expiration, local, ended) => {
    expect(validityEnded(expiration, at(local))).toBe(ended);
  });

  it('a date-time is the instant it names (Brazil time without an offset)', () => {
    expect(validityEnded('2027-06-14T23:59:59', at('2027-06-14T23:59:59'))).toBe(false);
    expect(validityEnded('2027-06-14T23:59:59', at('2027-06-15T00:00:00'))).toBe(true);
    expect(validityEnded('2028-03-01T02:59:59Z', at('2028-02-29T23:59:59'))).toBe(false);
    expect(validityEnded('2028-03-01T02:59:59Z', at('2028-03-01T00:00:00'))).toBe(true);
  });

  it('missing or unreadable: not ended', () => {
    expect(validityEnded(null, at('2099-01-01T00:00:00'))).toBe(false);
    expect(validityEnded('', at('2099-01-01T00:00:00'))).toBe(false);
    expect(validityEnded('31/02/2028x', at('2099-01-01T00:00:00'))).toBe(false);
  });
});

describe('the home on a policy ending on 29/02/2028', () => {
  const policy: InsurancePolicy = {
    active: true,
    policyNumber: '1234567890',
    expirationDate: '2028-02-29',
    bestPaymentDay: 10,
    requestId: 'r-1',
  };

  it('offers to cancel during its last day and to renew from 01/03/2028', () => {
    expect(summarizePolicy(policy, at('2028-02-29T12:00:00')).action).toBe('cancel');
    expect(summarizePolicy(policy, at('2028-02-29T23:59:00')).action).toBe('cancel');
    expect(summarizePolicy(policy, at('2028-03-01T00:00:00')).action).toBe('renew');
  });
});
