import { whenOwnedByReact } from './reactOwned';

/**
 * Runs `then` once the page's own content is hydrated, not only the frame around it. Hydration
 * goes part by part (it hydrates as a transition, and a route's screen sits in its own
 * Suspense boundary), and a navigation while the screen is still being hydrated makes React throw
 * that work away with recoverable errors (#422, #520) instead of a clean change of page. An
 * element React owns carries its fiber; the screen's top elements inside <main> are the last
 * to get one (reactOwned.ts). Gives up waiting after 10 s (then goes on as before).
 */
export function whenScreenHydrated(then: () => void, until = Date.now() + 10_000): void {
  // Always after the current task: never inside the render that called us.
  const later = () => setTimeout(then, 0);
  whenOwnedByReact(() => [...(document.getElementById('main')?.children ?? [])], later, until, later);
}
