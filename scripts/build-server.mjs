// `npm run build:server` (and the last step of `npm run build`): the API server (src/server and the
// src/shared it imports) bundled by esbuild into one ES module, dist/server/index.js, that plain
// `node` runs: no TypeScript loader in production. The staff command line, `npm run
// ops`, is bundled beside it as dist/server/ops.js (scripts/ops.mjs). Packages stay in node_modules
// (imported, not bundled). A source map beside it gives stack traces in src/ (`npm start` runs
// node with --enable-source-maps).
//
// Data files the server reads at run time beside its source (the migrations, the common-password
// list, the Lagos locations) are read where they are in src/: each module's `import.meta.url`
// is replaced by its source file's URL, worked out from the bundle's own place, so
// `new URL('./common-passwords.txt', import.meta.url)` finds src/server/lib/common-passwords.txt
// as it does under tsx. The bundle therefore runs from the checkout it was built in (as `npm
// start` does), with its src/ and node_modules beside it.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fingerprint } from './build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = 'dist/server';
export const SERVER_ENTRY = `${SERVER_OUT}/index.js`;
/** `npm run ops` (src/server/opsCli.ts), built beside the server from the same sources. */
export const OPS_ENTRY = `${SERVER_OUT}/ops.js`;
const SERVER_STAMP = `${SERVER_OUT}/.build-stamp`;
const INPUTS = ['src/server', 'src/shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/** A fingerprint of everything the server bundle is made from. */
export function serverStamp(cwd = ROOT) {
  return fingerprint(INPUTS, cwd);
}

/** True when dist/server (index.js and ops.js) was built from the sources as they are now. */
export function serverBuilt(cwd = ROOT) {
  const stamp = path.join(cwd, SERVER_STAMP);
  return existsSync(path.join(cwd, SERVER_ENTRY)) && existsSync(path.join(cwd, OPS_ENTRY)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === serverStamp(cwd);
}

/** Each source module's import.meta.url becomes its own file's URL, relative to the bundle. */
function sourceUrls(cwd) {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const loader = args.path.endsWith('x') ? 'tsx' : 'ts';
        if (!text.includes('import.meta.url')) return { contents: text, loader };
        const fromBundle = path.relative(path.join(cwd, SERVER_OUT), args.path).split(path.sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader };
      });
    },
  };
}

/**
 * Builds dist/server. The bundle is written beside it first and then moved into place, so a
 * server another session or test starts meanwhile loads a whole bundle, old or new.
 */
export async function buildServer(cwd = ROOT) {
  const started = Date.now();
  const { build } = await import('esbuild'); // only when building: `npm start` with a build up to date skips it
  const stamp = serverStamp(cwd);
  // Same depth as dist/server: the import.meta.url paths below are relative to the bundle's folder.
  const staging = path.join(cwd, 'dist', `.server-${process.pid}-${Date.now()}`);
  const out = path.join(cwd, SERVER_OUT);
  const old = `${staging}-old`;
  try {
    await build({
      absWorkingDir: cwd,
      // Two bundles, no shared chunk: the server's start reads one file, as before, and the
      // command-line tool's (108 kB) leaves out the HTTP server.
      entryPoints: { index: 'src/server/index.ts', ops: 'src/server/opsCli.ts' },
      outdir: staging,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      sourcesContent: false,
      keepNames: true,
      logLevel: 'warning',
      plugins: [sourceUrls(cwd)],
    });
    writeFileSync(path.join(staging, '.build-stamp'), stamp);
    // Two renames back to back: dist/server is never half written nor missing for long.
    if (existsSync(out)) renameSync(out, old);
    renameSync(staging, out);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  return Date.now() - started;
}

/**
 * Builds dist/server when its sources changed since the last build; true when it built. Test
 * files that start the built server or command run in parallel, and so may two `npm start`s:
 * one builds while the others wait on its lock (a directory, made atomically) and then find the
 * build current. Two builds at once could fail on the second's rename, or catch dist/server
 * between its two renames.
 */
export async function ensureServerBuilt(cwd = ROOT, log = console.log) {
  if (serverBuilt(cwd)) return false;
  const lock = path.join(cwd, 'dist', '.server-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    // A build takes about a second; a lock older than a minute was left by a killed build.
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 60_000) rmSync(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    if (serverBuilt(cwd)) return false;
    log(`${SERVER_ENTRY} built in ${await buildServer(cwd)} ms (server sources changed since the last build)`);
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`${SERVER_ENTRY} built in ${ms} ms`);
}
