/**
 * Vite plugin: the job screen's service worker, dist/web/sw-jobs.js (src/shared/routes.ts
 * jobWorkerPath), written once the browser build is written. Its source,
 * src/web/features/deliveries/jobWorker.sw.ts, is compiled alone by esbuild (a worker is not an
 * app chunk: it needs a fixed address, and none of the app's code) with what only the build
 * knows: the job screen's files to precache (from the bundle: the shell's entry and its static
 * imports, the job screen's route chunk and its static imports, their styles and the files those
 * name) and the build's hash, which names the worker's cache. scripts/compress.mjs then
 * precompresses it like the rest.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import type { Plugin, Rolldown } from 'vite';
import { jobWorkerPath } from '../src/shared/routes';

const WORKER_SOURCE = 'features/deliveries/jobWorker.sw.ts';
const JOB_SCREEN = /[\\/]src[\\/]web[\\/]routes[\\/]RiderJobs\.tsx$/;

/** The files `start` names and those they import statically, with their styles and assets, as /assets/… addresses. */
function closure(bundle: Rolldown.OutputBundle, start: Rolldown.OutputChunk, files: Set<string>): void {
  if (files.has(`/${start.fileName}`)) return;
  files.add(`/${start.fileName}`);
  for (const css of start.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
  for (const asset of start.viteMetadata?.importedAssets ?? []) files.add(`/${asset}`);
  for (const name of start.imports) {
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') closure(bundle, chunk, files);
  }
}

export function jobWorkerPlugin(): Plugin {
  let root = '';
  return {
    name: 'job-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('jobWorkerPlugin: no index.html in the bundle');
      const shell = String(html.source);
      const entry = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(shell)?.[1];
      const entryChunk = entry ? bundle[entry] : undefined;
      if (entryChunk?.type !== 'chunk') throw new Error("jobWorkerPlugin: no entry script in index.html");
      const screen = Object.values(bundle).find((c): c is Rolldown.OutputChunk => c.type === 'chunk' && JOB_SCREEN.test(c.facadeModuleId ?? ''));
      if (!screen) throw new Error('jobWorkerPlugin: the job screen (routes/RiderJobs.tsx) has no chunk');
      const files = new Set<string>();
      closure(bundle, entryChunk, files);
      closure(bundle, screen, files);
      // The shell's stylesheet links (Vite puts the entry's CSS there).
      for (const [, href] of shell.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+)">/g)) files.add(href!);
      const precache = [...files].sort();
      const source = readFileSync(path.join(root, WORKER_SOURCE), 'utf8');
      const build = createHash('sha256').update(shell).update(precache.join('\n')).update(source).digest('hex').slice(0, 16);
      const { code } = transformSync(source, {
        loader: 'ts',
        format: 'iife',
        target: 'es2020',
        minify: true,
        define: {
          __JOB_WORKER_BUILD__: JSON.stringify(build),
          __JOB_WORKER_PRECACHE__: JSON.stringify(precache),
          __JOB_WORKER_ENTRY__: JSON.stringify(`/${entry}`),
        },
      });
      writeFileSync(path.join(options.dir ?? path.join(root, '../../dist/web'), jobWorkerPath.slice(1)), code);
      console.log(`${jobWorkerPath}: ${precache.length} files precached, cache ${build}`);
    },
  };
}
