// `npm run dev`: the API with reload on change (tsx watch, port 3000) and Vite with hot reload (port 5173).
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_ROOT: 'none' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (the API runs at http://localhost:3000/api).');
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
