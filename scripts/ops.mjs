// `npm run ops -- <command>` (src/server/opsCli.ts): the staff command line, run as built
// JavaScript like the server (dist/server/ops.js, scripts/build-server.mjs), not through tsx's
// loader: a command takes ~0.4 s to start instead of ~1 s. It is rebuilt first (about a second)
// when the server's sources changed since the last build; that note goes to stderr, so stdout
// carries only the command's own output.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OPS_ENTRY, ensureServerBuilt } from './build-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await ensureServerBuilt(ROOT, (line) => console.error(line));
process.setSourceMapsEnabled(true);
// The bundle runs the command on import and exits with its code (process.argv is unchanged).
await import(pathToFileURL(path.join(ROOT, OPS_ENTRY)).href);
