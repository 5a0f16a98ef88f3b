import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const loggerModule = path.join(import.meta.dirname, 'logger.ts');
const children: ChildProcess[] = [];

/**
 * A node process running `body` with the product's logger as `log`, its stdout and stderr read by
 * this test (the only reader) and an IPC channel; it says 'ready' once it has logged a line.
 */
function startLogging(body: string, pretty = false): ChildProcess {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-destination-'));
  const script = path.join(dir, 'child.mjs');
  fs.writeFileSync(
    script,
    `import { createLogger } from ${JSON.stringify(loggerModule)};
const log = createLogger({ log: { level: 'info', pretty: ${pretty} } }, 'child');
log.info('started');
${body}
process.send('ready');
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  children.push(child);
  return child;
}

/** The child's next IPC message; fails if it exits instead. */
function nextMessage(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) => reject(new Error(`the process exited (${code ?? signal})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

/** The reader goes away: this test was the only one holding the pipes' read ends. */
function closeReader(child: ChildProcess) {
  child.stdout?.destroy();
  child.stderr?.destroy();
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('logging to a stdout whose reader has gone', () => {
  it.each([
    ['JSON lines', false],
    ['pretty lines (a terminal)', true],
  ])('lets the process exit at once when it logs and exits (no endless flush at exit): %s', async (_, pretty) => {
    // Two lines, then exit in the same tick: the first is still being written when the process
    // exits, which is when pino's default flush retried the dead pipe forever.
    const child = startLogging(`process.on('message', () => { log.info('one'); log.warn('two'); process.exit(3); });`, pretty);
    expect(await nextMessage(child)).toBe('ready');
    closeReader(child);
    const exited = once(child, 'exit');
    child.send('exit');
    expect(await exited).toEqual([3, null]);
  }, 30_000);

  it('keeps serving when stdout and stderr go away, whoever writes to them', async () => {
    // The logger, and node's own streams as a library's console.log or a warning would use them.
    const child = startLogging(`
let ticks = 0;
setInterval(() => { ticks += 1; log.info({ ticks }, 'tick'); console.log('tick', ticks); console.error('tick', ticks); }, 5);
process.on('message', (m) => { if (m === 'ticks') process.send(ticks); else process.exit(0); });`);
    expect(await nextMessage(child)).toBe('ready');
    closeReader(child);
    const ticksOf = async () => {
      child.send('ticks');
      return Number(await nextMessage(child));
    };
    const atClose = await ticksOf();
    // Many writes to the dead pipes later, it is still there and still working.
    while ((await ticksOf()) < atClose + 50) expect(child.exitCode).toBeNull();
    const exited = once(child, 'exit');
    child.send('exit');
    expect(await exited).toEqual([0, null]);
  }, 30_000);

  it('writes pretty lines for a terminal and JSON lines otherwise', async () => {
    const read = async (pretty: boolean) => {
      const child = startLogging(`process.exit(0);`, pretty);
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await once(child, 'close');
      return output;
    };
    expect(JSON.parse(await read(false))).toMatchObject({ level: 30, name: 'child', msg: 'started' });
    expect(await read(true)).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.* \(child\): .*started/);
  }, 30_000);
});

describe('logging to a stdout whose reader has stopped reading', () => {
  it('holds a bounded backlog, writes it once the reader reads again, and says how many lines it dropped', async () => {
    const destinationModule = path.join(import.meta.dirname, 'log-destination.ts');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-destination-'));
    const script = path.join(dir, 'child.mjs');
    fs.writeFileSync(
      script,
      `import { createFdDestination } from ${JSON.stringify(destinationModule)};
process.stdout; // node makes a piped stdout non-blocking, as the product's does
const out = createFdDestination(1, { maxPendingBytes: 256 * 1024 });
const line = (i) => JSON.stringify({ i, pad: 'x'.repeat(1000) }) + '\\n';
for (let i = 0; i < 5000; i += 1) out.write(line(i));
process.send('written');
process.on('message', () => { for (let i = 5000; i < 5010; i += 1) out.write(line(i)); setTimeout(() => process.exit(0), 200); });
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    children.push(child);
    // Not read until every line was written: 5 MB against a 64 KB pipe and a 256 KB backlog.
    child.stdout?.pause();
    expect(await nextMessage(child)).toBe('written');
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.resume();
    child.send('more');
    await once(child, 'close');

    const lines = output.trimEnd().split('\n').map((l) => JSON.parse(l) as { i?: number; dropped?: number; msg?: string });
    const written = lines.filter((l) => l.i !== undefined).map((l) => l.i);
    const notice = lines.find((l) => l.dropped !== undefined);
    expect(notice?.msg).toBe('log lines dropped: the log reader was not keeping up');
    expect(written.length + (notice?.dropped ?? 0)).toBe(5010);
    expect(written.length).toBeLessThan(1000); // the backlog was bounded
    expect(written.slice(-10)).toEqual([5000, 5001, 5002, 5003, 5004, 5005, 5006, 5007, 5008, 5009]);
    expect(written).toEqual([...written].sort((a, b) => (a ?? 0) - (b ?? 0))); // in order
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
