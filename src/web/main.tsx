import './styles.css';

/**
 * The entry (issue 14: TBT ≤ 50 ms). Evaluating ~330 kB of libraries and app code is one long
 * task when one module graph holds it all: on a prerendered page, which the visitor can already
 * read, that was a ~100 ms block of a throttled phone's main thread soon after the first paint,
 * and a tap in it waited. There, React and then the router and XState (vite.config.ts,
 * `codeSplitting`) are evaluated each in a task of its own, with a turn of the event loop
 * between, so the browser can answer input in between. An empty screen (the signed-in ones) has
 * nothing to show until all of it has run, so there it runs at once. Either way the files were
 * already fetched side by side (the modulepreload hints of scripts/prerender.mjs).
 */
const prerendered = document.getElementById('root')?.hasChildNodes() ?? false;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  if (prerendered) {
    await import('react-dom/client');
    await nextTask();
    await import('@tanstack/react-router');
    await nextTask();
  }
  const { startApp } = await import('./start');
  if (prerendered) await nextTask();
  startApp();
})();
