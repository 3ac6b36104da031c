// Finds a Chromium for the browser tests (DESIGN.md §7: Debian's, never one Playwright downloads).
// Looks at CHROMIUM_PATH, then the usual Debian/Ubuntu/Chrome paths. When none is found and we are
// root with apt-get, installs Debian's `chromium`; otherwise stops with a message saying how.
//
//   node scripts/ensure-chromium.mjs      prints the path it found (or installed), exits 1 if none
//   import { findChromium, ensureChromium } from './ensure-chromium.mjs'
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first Chromium found, or null. A CHROMIUM_PATH that is set but not executable is an error. */
export function findChromium(env = process.env) {
  const given = env.CHROMIUM_PATH?.trim();
  if (given) {
    if (!executable(given)) throw new Error(`CHROMIUM_PATH is set to ${given}, which is not an executable file.`);
    return given;
  }
  return CANDIDATES.find(executable) ?? null;
}

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

export const HOW_TO_INSTALL = [
  'No Chromium was found for the browser tests (looked at $CHROMIUM_PATH, ' + CANDIDATES.join(', ') + ').',
  'Install one, then run the tests again:',
  '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium   (Ubuntu: chromium-browser)',
  '  Fedora:         sudo dnf install -y chromium',
  '  macOS:          brew install --cask chromium',
  'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  'Playwright must not download its own browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).',
].join('\n');

/** Finds Chromium, installing Debian's when possible; throws with HOW_TO_INSTALL when not. */
export function ensureChromium({ log = console.log } = {}) {
  const found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && hasAptGet()) {
    log('No Chromium found: installing Debian\'s chromium (apt-get update && apt-get install -y chromium)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env })
        : update;
    if (install.status !== 0) throw new Error(`apt-get could not install chromium.\n${HOW_TO_INSTALL}`);
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(HOW_TO_INSTALL);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(ensureChromium({ log: (m) => console.error(m) }));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
