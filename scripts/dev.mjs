// `npm run dev`: the all-in-one server with reload (tsx watch) and the Vite dev server,
// which proxies API calls to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { root } from './ensure-built.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/src/all-in-one.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Runs' webhooks may go to this machine in development (a receiver on localhost).
    env: { ...process.env, LOG_PRETTY: process.env.LOG_PRETTY ?? 'true', WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE ?? 'true' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@app/web'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => {
  stop('SIGTERM');
  process.exitCode ||= code ?? 0;
});
