/**
 * The entry of the prerendered pages (TBT ≤ 50 ms), named by their inline loader
 * (scripts/prerender.mjs, src/shared/bootScript.ts). Evaluating ~330 kB of libraries and app
 * code is one long task when one module graph holds it all: on a page the visitor can already
 * read, that was a ~100 ms block of a throttled phone's main thread soon after the first paint,
 * and a tap in it waited. Here React, then the router and XState (vite.config.ts,
 * `codeSplitting`), then the app are evaluated each in a task of its own, with a turn of the
 * event loop between, so the browser can answer input in between; the app's start is three tasks
 * more (start.tsx startAppInSteps). The files themselves were
 * already fetched side by side (the loader's modulepreloads). The empty shells start through
 * main.tsx, at once.
 */
import { keepEarlyInput } from './typedBeforeHydration';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
/**
 * The whole document read: a signed-in visitor's hidden form asks for this module from <head>
 * (EARLY_FETCH_SCRIPT), and a module added that way runs as soon as it arrives, maybe before
 * the body (the root and the loader) is read.
 */
const documentRead = () =>
  document.readyState === 'loading' ? new Promise<void>((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true })) : Promise.resolve();

void (async () => {
  await import('react-dom/client');
  await nextTask();
  await import('@tanstack/react-router');
  await nextTask();
  const { startAppInSteps } = await import('./start');
  await nextTask();
  await documentRead();
  await startAppInSteps(nextTask, keepEarlyInput);
})();
