// Node.js 24 (the current LTS) for `npm test` and `npm run bench:start` on a machine whose own
// node is older. The npm registry's `node-<platform>-<arch>` packages carry the
// official binary inside the tarball (the `node` package only picks one of them), so `npm pack`
// fetches it like any package, with the registry's integrity check, and nothing else is
// downloaded. It is unpacked once into node_modules/.cache/node-<version>/ (gone with
// node_modules, as a clean clone has none) and never touches the project's dependencies.
//
//   node scripts/node24.mjs      prints the path of the Node 24 binary, installing it when needed
//
// NODE24=/path/to/node uses that binary instead. When the running node is already 24, it is used.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The Node 24 release the project is tested on; move it on with Node's 24.x releases. */
export const NODE24_VERSION = '24.21.0';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', `node-${NODE24_VERSION}`);

function versionOf(binary) {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

/** The Node 24 binary already there (override, this process, or the cache), or null. */
export function findNode24() {
  if (process.env.NODE24) return process.env.NODE24;
  if (process.versions.node.split('.')[0] === '24') return process.execPath;
  const cached = path.join(CACHE, 'bin', 'node');
  return existsSync(cached) && versionOf(cached) === `v${NODE24_VERSION}` ? cached : null;
}

/** The Node 24 binary, fetched from the npm registry and unpacked into the cache when missing. */
export function ensureNode24({ log = console.log } = {}) {
  const found = findNode24();
  if (found) return found;
  if (process.platform === 'win32') throw new Error('Node 24 from the npm registry: only Linux and macOS binaries are set up here');
  const pkg = `node-${process.platform}-${process.arch}@${NODE24_VERSION}`;
  log(`Installing Node ${NODE24_VERSION} (${pkg} from the npm registry) into ${path.relative(ROOT, CACHE)}`);
  mkdirSync(path.dirname(CACHE), { recursive: true });
  const work = mkdtempSync(path.join(path.dirname(CACHE), '.node24-'));
  try {
    execFileSync('npm', ['pack', pkg, '--pack-destination', work, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg} left no tarball`);
    // Only the binary: the headers and docs are not needed to run anything.
    execFileSync('tar', ['-xzf', tarball, 'package/bin/node'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const binary = path.join(work, 'package', 'bin', 'node');
    const version = versionOf(binary);
    if (version !== `v${NODE24_VERSION}`) throw new Error(`${pkg} gave a binary that says ${version ?? 'nothing'}`);
    rmSync(CACHE, { recursive: true, force: true });
    renameSync(path.join(work, 'package'), CACHE);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return path.join(CACHE, 'bin', 'node');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(ensureNode24({ log: (line) => console.error(line) }));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
