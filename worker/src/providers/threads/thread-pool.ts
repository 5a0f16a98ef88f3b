import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A fixed pool of worker threads running one script, one task per thread at a time, the rest
 * waiting in order. The worker process's event loop then only moves bytes and renews job locks:
 * the per-pixel work that blocked it up to ~150 ms runs beside it.
 */
export interface ThreadTask<In> {
  input: In;
  transfer?: ArrayBuffer[];
}

interface Pending<Out> {
  task: ThreadTask<unknown>;
  resolve: (out: Out) => void;
  reject: (error: Error) => void;
}

interface Slot<Out> {
  worker: Worker;
  busy?: Pending<Out>;
}

export class ThreadPool<In, Out> {
  private readonly slots: Slot<Out>[] = [];
  private readonly waiting: Pending<Out>[] = [];
  private closed = false;

  constructor(
    private readonly script: ThreadScript,
    private readonly size: number,
  ) {}

  run(task: ThreadTask<In>): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('the thread pool is closed'));
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('the thread pool is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const pending = this.waiting.shift()!;
      slot.busy = pending;
      // A busy thread keeps the process alive (an idle one does not hold up its exit).
      slot.worker.ref();
      slot.worker.postMessage(pending.task.input, pending.task.transfer ?? []);
    }
  }

  private spawn(): Slot<Out> {
    const worker = this.script.source
      ? new Worker(this.script.source, { eval: true })
      : new Worker(this.script.file);
    const slot: Slot<Out> = { worker };
    worker.on('message', (message: { ok: true; value: Out } | { ok: false; error: { name: string; message: string } }) => {
      const pending = slot.busy;
      slot.busy = undefined;
      slot.worker.unref();
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
      this.dispatch();
    });
    // A thread that dies (out of memory, a native crash) fails its task and is replaced on demand.
    worker.on('error', (error) => this.lose(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed) this.lose(slot, new Error(`render thread exited with code ${code}`));
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private lose(slot: Slot<Out>, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    slot.busy?.reject(error);
    slot.busy = undefined;
    if (!this.closed) this.dispatch();
  }
}

export interface ThreadScript {
  file: string;
  /** Code that loads `file` (TypeScript sources in development and tests go through tsx). */
  source?: string;
}

/**
 * Where a thread script is: beside this file when running from sources (TypeScript, loaded
 * through tsx's loader, registered inside the thread), at the top of `dist/` when bundled
 * (entries live there; shared code may sit in `dist/chunks/`).
 */
export function threadScript(name: string, fromUrl: string): ThreadScript {
  const here = fileURLToPath(fromUrl);
  if (here.endsWith('.ts')) {
    const file = path.join(path.dirname(here), `${name}.ts`);
    const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(file).href)}); });`;
    return { file, source };
  }
  let dir = path.dirname(here);
  if (path.basename(dir) === 'chunks') dir = path.dirname(dir);
  return { file: path.join(dir, `${name}.js`) };
}
