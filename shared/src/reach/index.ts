/**
 * How a driver reaches a screen: data each remote owns, beside the route (docs/screens.md,
 * "Every screen is reachable"). A route that says nothing is reached by links: a home tile (the
 * remote's navigation.json) or a link on another screen; e2e/tests/shell-no-dead-ends.spec.ts
 * follows every link from /App and fails on a screen no link reaches. A screen reached another
 * way says which, and why, in its route's `handle`:
 *
 * @example { path: 'card-request/status', lazy, handle: { reachedBy: { form: 'the card request, once sent' } } }
 */
export type ReachedBy =
  /** Shown once a form or a step before it is done (name the step): no link leads there. */
  | { form: string }
  /** Opened by the native app (a deep link, say which), or by a redirect of such a screen. */
  | { nativeApp: string }
  /**
   * Linked only for a driver in a state the demo driver is not in (say which, and the test that
   * opens it): the crawl of the demo session cannot follow that link.
   */
  | { linkForAnotherDriver: string };

/** What a route's `handle` may say about how it is reached. */
export interface ReachHandle {
  reachedBy?: ReachedBy;
}

/** The way a route declares, as text for messages; undefined for a route reached by links. */
export function declaredReach(handle: unknown): string | undefined {
  const reachedBy: unknown = (handle as ReachHandle | undefined)?.reachedBy;
  if (reachedBy === undefined) return undefined;
  const reason = (key: string): string | undefined => {
    const value = reachedBy && typeof reachedBy === 'object' ? (reachedBy as Record<string, unknown>)[key] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const ways: Array<[key: keyof UnionKeys<ReachedBy>, said: string]> = [
    ['form', 'form'],
    ['nativeApp', 'native app'],
    ['linkForAnotherDriver', 'link for another driver'],
  ];
  for (const [key, said] of ways) {
    const why = reason(key);
    if (why) return `${said}: ${why}`;
  }
  throw new Error(
    `reachedBy must be { form: "<the step>" }, { nativeApp: "<the deep link>" } or { linkForAnotherDriver: "<which driver>" }, got ${JSON.stringify(reachedBy)}`,
  );
}

/** Every key of every member of a union. */
type UnionKeys<Union> = { [Key in Union extends unknown ? keyof Union : never]: true };
