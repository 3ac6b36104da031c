// `npm start`: build the app when its sources changed since the last build, then serve site + API.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { STAMP_FILE, sourceStamp } from './build-stamp.mjs';

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

// npm runs this through `sh -c`; package.json says `exec node …` so the shell is replaced and
// a stop signal sent to npm reaches this process, which passes it on to the server and exits
// with its code (issue 10, finding 9). The IPC channel ends the server too if this process is
// killed outright (SIGKILL), so it never keeps serving re-parented.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
