// A fingerprint of everything the web build is made from, so `npm start` rebuilds only when needed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src/web', 'src/shared', 'machines', 'vite.config.ts', 'package.json', 'package-lock.json', 'scripts/prerender.mjs', 'scripts/compress.mjs', 'scripts/inlineMessages.ts', 'scripts/jobWorkerPlugin.ts'];

function* walk(p) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) for (const name of readdirSync(p).sort()) yield* walk(path.join(p, name));
  else yield p;
}

export function sourceStamp(cwd = process.cwd()) {
  return fingerprint(INPUTS, cwd);
}

/** A hash of the files under `inputs` (folders walked in name order), names and contents. */
export function fingerprint(inputs, cwd = process.cwd()) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(path.join(cwd, input))) {
      hash.update(path.relative(cwd, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export const STAMP_FILE = 'dist/web/.build-stamp';
