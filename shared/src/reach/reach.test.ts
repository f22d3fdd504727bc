import { declaredReach } from '.';

describe('how a route says a driver reaches it', () => {
  it('a route that says nothing is reached by links (the crawl of the demo session checks it)', () => {
    expect(declaredReach(undefined)).toBeUndefined();
    expect(declaredReach({ journey: true })).toBeUndefined();
  });

  it('names the way and why', () => {
    expect(declaredReach({ reachedBy: { form: 'the card request, once sent' } })).toBe('form: the card request, once sent');
    expect(declaredReach({ reachedBy: { nativeApp: '/policies/:token' } })).toBe('native app: /policies/:token');
    expect(declaredReach({ reachedBy: { linkForAnotherDriver: 'a driver with a policy' } })).toBe(
      'link for another driver: a driver with a policy',
    );
  });

  it.each([[{ reachedBy: { form: ' ' } }], [{ reachedBy: { tile: 'x' } }], [{ reachedBy: 'form' }]])(
    'refuses a declaration without its reason, or of another kind: %j',
    (handle) => {
      expect(() => declaredReach(handle)).toThrow('reachedBy must be');
    },
  );
});
