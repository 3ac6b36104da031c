// `npm run test:e2e`: the browser tests (tests/e2e, vitest.e2e.config.ts) in Debian's Chromium.
// Finds Chromium first, installing Debian's when root with apt-get (scripts/ensure-chromium.mjs);
// Playwright never downloads a browser. Extra arguments go to vitest, e.g. a file filter or
// `--reporter=json --outputFile=...`.
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
try {
  process.env.CHROMIUM_PATH = ensureChromium();
} catch (err) {
  console.error(`\n${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
}
console.log(`Browser tests in ${process.env.CHROMIUM_PATH}`);

const vitest = spawn(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vitest.kill(signal));
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
