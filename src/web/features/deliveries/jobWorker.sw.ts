/**
 * The job screen's service worker (served at /sw-jobs.js, scope /rider-dashboard/jobs): a rider
 * whose phone reloads the screen with no network at all gets the screen, which then shows the job
 * from the phone's outbox, instead of the browser's offline page.
 *
 * - Navigations in scope: the network first; when it fails (or answers 5xx), the shell cached at
 *   install. The shell is the same static HTML for everyone (no personal data).
 * - The hashed build files (/assets/*): the cache first; a file not cached yet is fetched and kept
 *   (its name changes with its content, so a kept copy is never stale).
 * - Anything else, /api/* above all, is not intercepted: the screen's outbox deals with the API,
 *   and no answer that could carry personal data is ever kept by this worker.
 *
 * Not bundled with the app: scripts/jobWorkerPlugin.ts compiles this file alone (no imports) into
 * dist/web/sw-jobs.js after Vite's build and puts in the three constants below. One cache per
 * build (its name carries the build's hash): a new build's worker installs its own, and deletes
 * the others once it is active, so a deploy never serves a mix of two builds.
 */

/** A hash of the build: the shell's text, the precached files' names and this worker's code. */
declare const __JOB_WORKER_BUILD__: string;
/**
 * The job screen's files, written by the build from Vite's bundle: the shell's entry and what it
 * imports, the job screen's route chunk and what it imports, and their styles. Chosen over the page
 * posting the files it loaded: the list is exact before the page runs, needs no message racing the
 * worker's start, and costs no data (the page has just loaded these immutable files, so they come
 * from the browser's HTTP cache).
 */
declare const __JOB_WORKER_PRECACHE__: readonly string[];
/** The shell's entry script: a shell that does not name it belongs to another build. */
declare const __JOB_WORKER_ENTRY__: string;

// A module, so the types below stay in this file (the plugin compiles it to a plain script).
export {};

// The few service-worker types used here (tsconfig's lib is the DOM's, not the WebWorker one).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const PREFIX = 'sw-jobs-';
const CACHE = `${PREFIX}${__JOB_WORKER_BUILD__}`;
/** The shell is kept under the scope's address (/rider-dashboard/jobs). */
const shellUrl = () => worker.registration.scope;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        // credentials omitted: the shell is the same for everyone, and is asked for as such.
        const shell = await fetch(shellUrl(), { cache: 'no-cache', credentials: 'omit' });
        if (!shell.ok || !(await shell.clone().text()).includes(__JOB_WORKER_ENTRY__)) throw new Error('the shell is not this build’s');
        await cache.addAll(__JOB_WORKER_PRECACHE__);
        await cache.put(shellUrl(), shell);
      } catch (error) {
        // Half a cache would be a mix; the browser tries again at the next registration or update.
        await caches.delete(CACHE);
        throw error;
      }
      // The screen that registered it is taken over at once (activate's claim): its next reload
      // may be the offline one.
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

async function cachedShell(): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(shellUrl());
}

async function navigate(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const shell = await cachedShell();
    if (shell) return shell;
    throw error;
  }
  // A proxy's 502 or a restarting server's 503: the screen still opens, from the phone's copy.
  return response.status >= 500 ? ((await cachedShell()) ?? response) : response;
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  // ignoreVary: the copy kept is decoded, whichever encoding brought it.
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}
