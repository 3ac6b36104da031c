// `npm start`: build the app when its sources changed since the last build, then serve site + API.
// The server runs as built JavaScript (dist/server/index.js, scripts/build-server.mjs) under plain
// node, not through tsx's loader; `npm run dev` keeps tsx watch.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { STAMP_FILE, sourceStamp } from './build-stamp.mjs';
import { SERVER_ENTRY, ensureServerBuilt } from './build-server.mjs';

const stamp = sourceStamp();
const built = existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === stamp;
if (!built) {
  console.log('Building the app (sources changed since the last build)...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP_FILE, stamp);
} else {
  console.log('The app is built and up to date.');
}
// `npm run build` builds the server too; this catches a change to the server's sources alone.
await ensureServerBuilt();

// npm runs this through `sh -c`; package.json says `exec node …` so the shell is replaced and
// a stop signal sent to npm reaches this process, which passes it on to the server and exits
// with its code. The IPC channel ends the server too if this process is
// killed outright (SIGKILL), so it never keeps serving re-parented.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
