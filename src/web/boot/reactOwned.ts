/**
 * "Does React own this element yet", for the code that must wait for hydration to reach part of
 * a prerendered page (hydration goes part by part: a route's screen sits in its own Suspense
 * boundary and comes after the page's frame). An element React owns carries its fiber under a
 * `__reactFiber…` key; hydration attaches it together with the `__reactProps…` key, so either
 * tells.
 */
export function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber'));
}

/**
 * Checks once a frame until React owns every element `find` returns, then calls `then` with
 * them. `find` is asked again each time (the elements may not exist yet, or be replaced); it
 * returns null to stop waiting. After `until` (a Date.now() time), `giveUp` runs instead.
 */
export function whenOwnedByReact<T extends Element>(
  find: () => T[] | null,
  then: (elements: T[]) => void,
  until: number,
  giveUp: () => void = () => {},
): void {
  const elements = find();
  if (elements === null) return;
  if (Date.now() > until) giveUp();
  else if (elements.every(ownedByReact)) then(elements);
  else requestAnimationFrame(() => whenOwnedByReact(find, then, until, giveUp));
}
