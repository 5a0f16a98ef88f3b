import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import busboy from 'busboy';
import { FakeKit } from './fake-kit';
import { type FakeBehaviour, fakeRender, listen, type ProviderFake, readBody, sendJson } from './provider-fake';

/**
 * ComfyUI's HTTP API (`../shared/research/providers.md` §1.5) on 127.0.0.1: `/upload/image`,
 * `/prompt` with the server's validation answers, `/queue`, `/interrupt`, `/history/{id}`,
 * `/view` and `/system_stats`. No auth, as a self-hosted ComfyUI has none.
 *
 * A prompt advances one step per `/history/{id}` read: pending for `queuedPolls`, running for
 * `runningPolls`, then in the history. ComfyUI has no moderation: 'moderate' succeeds.
 */

const WORKFLOWS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../worker/comfyui-workflows');

type Node = { class_type?: unknown; inputs?: Record<string, unknown> };
type NodeErrors = Record<string, { errors: { type: string; message: string; details: string; extra_info: Record<string, unknown> }[]; dependent_outputs: string[]; class_type: string }>;

interface Prompt {
  id: string;
  number: number;
  workflow: Record<string, Node>;
  behaviour: FakeBehaviour;
  steps: number;
  queuedPolls: number;
  runningPolls: number;
  state: 'pending' | 'running' | 'success' | 'interrupted' | 'deleted';
  saveNode: string;
  filename: string;
  output: Promise<Buffer>;
}

export interface ComfyuiFake extends ProviderFake {
  /** Workflows as received at `/prompt`, for assertions on the filled placeholders. */
  readonly prompts: Record<string, Node>[];
  /** Uploaded input files by name. */
  readonly uploads: Map<string, Buffer>;
}

function validationError(res: ServerResponse, nodeErrors: NodeErrors): void {
  sendJson(res, 400, {
    error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} },
    node_errors: nodeErrors,
  });
}

/** Multipart fields and the `image` file of an upload. */
function readUpload(req: IncomingMessage): Promise<{ fields: Record<string, string>; file?: { name: string; data: Buffer } }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { name: string; data: Buffer } | undefined;
    const parser = busboy({ headers: req.headers });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // From tests/ the hoisted busboy 0.x answers (name, stream, filename); the api's 1.x an info object.
        const filename = typeof (info as unknown) === 'string' ? (info as unknown as string) : info.filename;
        if (name === 'image') file = { name: filename ?? 'image.png', data: Buffer.concat(chunks) };
      });
    });
    // busboy signals the end with 'finish' (and 'close' only on some versions).
    parser.once('finish', () => resolve({ fields, file }));
    parser.once('close', () => resolve({ fields, file }));
    parser.on('error', reject);
    req.pipe(parser);
  });
}

export async function startComfyuiFake(): Promise<ComfyuiFake> {
  const kit = new FakeKit();
  const { behaviour, calls } = kit;
  const prompts: Record<string, Node>[] = [];
  const uploads = new Map<string, Buffer>();
  const jobs = new Map<string, Prompt>();
  let counter = 0;
  let outputCounter = 0;

  function advance(job: Prompt): void {
    if (job.state !== 'pending' && job.state !== 'running') return;
    job.steps++;
    if (job.steps <= job.queuedPolls) return;
    if (job.behaviour === 'hang' || job.steps <= job.queuedPolls + job.runningPolls) job.state = 'running';
    else job.state = 'success';
  }

  function queueItem(job: Prompt): unknown[] {
    return [job.number, job.id, job.workflow, { client_id: 'fake' }, [job.saveNode]];
  }

  function historyOf(job: Prompt): Record<string, unknown> {
    const timestamp = Date.now();
    const start: [string, Record<string, unknown>][] = [
      ['execution_start', { prompt_id: job.id, timestamp }],
      ['execution_cached', { nodes: [], prompt_id: job.id, timestamp }],
    ];
    const interrupted = job.state === 'interrupted';
    return {
      prompt: queueItem(job),
      outputs: interrupted ? {} : { [job.saveNode]: { images: [{ filename: job.filename, subfolder: '', type: 'output' }] } },
      status: interrupted
        ? {
            status_str: 'error',
            completed: false,
            messages: [...start, ['execution_interrupted', { prompt_id: job.id, node_id: '3', node_type: 'KSampler', executed: ['4', '10'], timestamp }]],
          }
        : { status_str: 'success', completed: true, messages: [...start, ['execution_success', { prompt_id: job.id, timestamp }]] },
      meta: interrupted ? {} : { [job.saveNode]: { node_id: job.saveNode, display_node: job.saveNode, parent_node: null, real_node_id: job.saveNode } },
    };
  }

  async function queuePrompt(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { prompt?: Record<string, Node> };
    calls.submit++;
    const next = behaviour.takeSubmitBehaviour();
    if (next === 'rate-limit-once' || next === 'server-error-once') return sendJson(res, 503, { error: 'Service Unavailable' });
    if (!body.prompt || typeof body.prompt !== 'object') {
      return sendJson(res, 400, { error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} }, node_errors: {} });
    }
    const workflow = body.prompt;
    prompts.push(workflow);
    if (next === 'reject') {
      return sendJson(res, 400, { error: { type: 'invalid_prompt', message: "Cannot execute because node FancyUpscaler does not exist.", details: "Node ID '#5'", extra_info: {} }, node_errors: {} });
    }

    const nodeErrors: NodeErrors = {};
    const saveNode = Object.keys(workflow).find((id) => workflow[id]?.class_type === 'SaveImage');
    if (!saveNode) return sendJson(res, 400, { error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} }, node_errors: [] });
    let source: Buffer | undefined;
    for (const [id, node] of Object.entries(workflow)) {
      const classType = String(node.class_type);
      const add = (type: string, message: string, details: string, input: string) => {
        nodeErrors[id] ??= { errors: [], dependent_outputs: [saveNode], class_type: classType };
        nodeErrors[id].errors.push({ type, message, details, extra_info: { input_name: input } });
      };
      for (const [input, value] of Object.entries(node.inputs ?? {})) {
        if (typeof value === 'string' && /\{\{\w+\}\}/.test(value)) add('value_not_valid', 'Value not in list', `${input}: '${value}' not in list`, input);
      }
      if (classType === 'LoadImage') {
        const image = node.inputs?.image;
        source = typeof image === 'string' ? uploads.get(image) : undefined;
        if (!source) add('custom_validation_failed', 'Custom validation failed for node', `image - Invalid image file: ${String(image)}`, 'image');
      }
    }
    if (Object.keys(nodeErrors).length) return validationError(res, nodeErrors);
    if (!source) return validationError(res, { [saveNode]: { errors: [{ type: 'required_input_missing', message: 'Required input is missing', details: 'images', extra_info: {} }], dependent_outputs: [saveNode], class_type: 'SaveImage' } });

    const prefix = String(workflow[saveNode]?.inputs?.filename_prefix ?? 'ComfyUI');
    const job: Prompt = {
      id: randomUUID(),
      number: counter++,
      workflow,
      behaviour: next,
      steps: 0,
      queuedPolls: behaviour.queuedPolls,
      runningPolls: behaviour.runningPolls,
      state: 'pending',
      saveNode,
      filename: `${prefix}_${String(++outputCounter).padStart(5, '0')}_.png`,
      output: fakeRender(source, 'png'),
    };
    job.output.catch(() => undefined);
    // Nothing to wait for: it starts at once (a free server).
    if (job.queuedPolls === 0) job.state = 'running';
    jobs.set(job.id, job);
    sendJson(res, 200, { prompt_id: job.id, number: job.number, node_errors: {} });
  }

  const server = await listen(async (req, res, url) => {
    const { pathname, searchParams } = new URL(req.url ?? '/', url);

    if (req.method === 'POST' && pathname === '/upload/image') {
      const { fields, file } = await readUpload(req);
      if (!file) return sendJson(res, 400, { error: 'No file uploaded' });
      const subfolder = fields.subfolder ?? '';
      let name = file.name;
      // Without overwrite, a clash is renamed "x (1).png" as the server does.
      if (fields.overwrite !== 'true' && fields.overwrite !== '1') {
        for (let i = 1; uploads.has(subfolder ? `${subfolder}/${name}` : name); i++) name = file.name.replace(/(\.[^.]*)?$/, ` (${i})$1`);
      }
      uploads.set(subfolder ? `${subfolder}/${name}` : name, file.data);
      return sendJson(res, 200, { name, subfolder, type: fields.type ?? 'input' });
    }

    if (req.method === 'POST' && pathname === '/prompt') return queuePrompt(req, res);

    if (req.method === 'GET' && pathname === '/queue') {
      const all = [...jobs.values()];
      return sendJson(res, 200, {
        queue_running: all.filter((j) => j.state === 'running').map(queueItem),
        queue_pending: all.filter((j) => j.state === 'pending').map(queueItem),
      });
    }

    if (req.method === 'POST' && pathname === '/queue') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { delete?: string[]; clear?: boolean };
      for (const job of jobs.values()) {
        if (job.state === 'pending' && (body.clear || body.delete?.includes(job.id))) {
          job.state = 'deleted';
          calls.cancel.push(job.id);
        }
      }
      res.writeHead(200).end();
      return;
    }

    if (req.method === 'POST' && pathname === '/interrupt') {
      const text = (await readBody(req)).toString('utf8');
      const only = text ? (JSON.parse(text) as { prompt_id?: string }).prompt_id : undefined;
      for (const job of jobs.values()) {
        if (job.state === 'running' && (!only || only === job.id)) {
          job.state = 'interrupted';
          calls.cancel.push(job.id);
        }
      }
      res.writeHead(200).end();
      return;
    }

    const history = /^\/history\/([\w-]+)$/.exec(pathname);
    if (req.method === 'GET' && history) {
      const job = jobs.get(history[1] ?? '');
      if (!job || job.state === 'deleted') return sendJson(res, 200, {});
      calls.status++;
      advance(job);
      return sendJson(res, 200, job.state === 'success' || job.state === 'interrupted' ? { [job.id]: historyOf(job) } : {});
    }

    if (req.method === 'GET' && pathname === '/view') {
      const filename = searchParams.get('filename');
      const job = [...jobs.values()].find((j) => j.filename === filename && j.state === 'success');
      if (searchParams.get('type') === 'input' && filename && uploads.has(filename)) {
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(uploads.get(filename));
        return;
      }
      if (!job || (searchParams.get('type') ?? 'output') !== 'output') {
        res.writeHead(404).end();
        return;
      }
      calls.result++;
      const data = await job.output;
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': data.length, 'content-disposition': `filename="${job.filename}"` });
      res.end(data);
      return;
    }

    if (req.method === 'GET' && pathname === '/system_stats') {
      return sendJson(res, 200, {
        system: { os: 'posix', ram_total: 16e9, ram_free: 8e9, comfyui_version: '0.3.60', python_version: '3.12.3', pytorch_version: '2.6.0', embedded_python: false, argv: ['main.py'] },
        devices: [{ name: 'cpu', type: 'cpu', index: null, vram_total: 16e9, vram_free: 8e9, torch_vram_total: 0, torch_vram_free: 0 }],
      });
    }

    res.writeHead(404, { 'content-type': 'text/plain' }).end('404: Not Found');
  });

  return {
    name: 'comfyui',
    url: server.url,
    env: { COMFYUI_URL: server.url, COMFYUI_WORKFLOWS_DIR: WORKFLOWS_DIR },
    reportsQueuePosition: true,
    sendsWebhooks: false,
    prompts,
    uploads,
    ...kit.controls(server),
  };
}
