import { spawn } from 'node:child_process';
import { exitOf, freePort, repoRoot } from './process';

/**
 * Seeds DATA_DIR with the demo content (`npm run demo`: people, creations on the instant engine,
 * stories) while the product is stopped, as a person does before their first `npm start`. It
 * answers on a port of its own, so what it stores must not depend on the address served later.
 */
export async function seedDemo(env: { DATA_DIR: string; REDIS_URL: string; QUEUE_PREFIX: string }): Promise<void> {
  const port = await freePort();
  const child = spawn(`${repoRoot}/node_modules/.bin/tsx`, ['scripts/demo.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', GENERATION_PROVIDER: 'instant', ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const { code } = await exitOf({ child, output: () => output, exited }, 120_000);
  if (code !== 0) throw new Error(`npm run demo failed (${code}):\n${output}`);
}
