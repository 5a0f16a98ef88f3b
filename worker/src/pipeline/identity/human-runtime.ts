/**
 * Loads `@vladmandic/human` (face detector + face-description model) on the tfjs WASM backend,
 * fully offline, once per process.
 *
 * Why it is done this way:
 * - `@vladmandic/human`'s package main (`dist/human.node.js`) needs `@tensorflow/tfjs-node`, which
 *   does not install here (its install script downloads a binary). The `dist/human.node-wasm.js`
 *   build needs only `@tensorflow/tfjs-core`, `-converter` and `-backend-wasm` (pinned to 4.22.0,
 *   the tfjs version human 3.3.6 was built against; they are NOT bundled into human). The package's
 *   `exports` map does not expose that file (nor `package.json`), so it is located from the
 *   resolved package main and `require`d by absolute path.
 * - human's default `wasmPath` is a CDN; it is pointed at the local `@tensorflow/tfjs-backend-wasm/dist/`.
 * - human loads models with `fetch`, and Node's `fetch` cannot read `file://` URLs (only the
 *   tfjs-node backend registers a file loader). A tfjs IO router for `file://` URLs inside the
 *   models folder reads `model.json` + weight shards from disk instead.
 * - Everything is resolved relative to the installed packages (via `createRequire`), never relative
 *   to this source file, so it keeps working when this code is bundled (esbuild, npm packages
 *   external) as long as `node_modules` is reachable from the bundle's location.
 * - Nothing here touches tfjs at import time: the `require` happens in `loadHuman()`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/* ---------- the small part of human's / tfjs' API this module uses (structural types) ---------- */

export interface TfTensor {
  dispose(): void;
}

interface WeightsManifestGroup {
  paths: string[];
  weights: unknown[];
}

interface TfIo {
  registerLoadRouter(router: (url: string | string[]) => { load(): Promise<unknown> } | null): void;
  getModelArtifactsForJSON(
    modelJSON: unknown,
    loadWeights: (manifest: WeightsManifestGroup[]) => Promise<[unknown[], ArrayBuffer]>,
  ): Promise<unknown>;
  concatenateArrayBuffers(buffers: ArrayBuffer[]): ArrayBuffer;
}

export interface HumanTf {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): TfTensor;
  getBackend(): string;
  memory(): { numTensors: number; numBytes: number };
  io: TfIo;
}

export interface HumanFace {
  score: number;
  /** [x, y, width, height] in input pixels */
  box: [number, number, number, number];
  embedding?: number[];
}

export interface HumanResult {
  face: HumanFace[];
  error: string | null;
}

export interface HumanInstance {
  readonly version: string;
  readonly tf: HumanTf;
  readonly models: { loaded(): string[] };
  load(): Promise<void>;
  detect(input: TfTensor): Promise<HumanResult>;
}

interface HumanModule {
  Human: new (config: Record<string, unknown>) => HumanInstance;
}

/* ---------- locating the packages ---------- */

export interface HumanPaths {
  /** absolute path of `@vladmandic/human/dist/human.node-wasm.js` */
  entry: string;
  /** folder holding human's `*.json` + `*.bin` models */
  modelsDir: string;
  /** folder holding `tfjs-backend-wasm*.wasm` */
  wasmDir: string;
}

function packageRootOf(resolvedFile: string, name: string): string {
  let dir = path.dirname(resolvedFile);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && dir.endsWith(path.join(...name.split('/')))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the package folder of ${name} from ${resolvedFile}`);
    dir = parent;
  }
}

export function resolveHumanPaths(options: { modelsDir?: string; wasmDir?: string } = {}): HumanPaths {
  const require = createRequire(import.meta.url);
  // `@vladmandic/human/package.json` is not in the package's exports map; the main entry is.
  const humanRoot = packageRootOf(require.resolve('@vladmandic/human'), '@vladmandic/human');
  const entry = path.join(humanRoot, 'dist', 'human.node-wasm.js');
  // resolve the wasm backend from human's location: the very copy human's bundle will `require`
  const fromHuman = createRequire(entry);
  const wasmRoot = path.dirname(fromHuman.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
  const paths: HumanPaths = {
    entry,
    modelsDir: path.resolve(options.modelsDir ?? path.join(humanRoot, 'models')),
    wasmDir: path.resolve(options.wasmDir ?? path.join(wasmRoot, 'dist')),
  };
  const required = [
    paths.entry,
    path.join(paths.modelsDir, 'blazeface.json'),
    path.join(paths.modelsDir, 'facemesh.json'),
    path.join(paths.modelsDir, 'faceres.json'),
    path.join(paths.wasmDir, 'tfjs-backend-wasm.wasm'),
  ];
  for (const file of required) {
    if (!existsSync(file)) throw new Error(`face model runtime: missing file ${file}`);
  }
  return paths;
}

/* ---------- offline model loading ---------- */

function toArrayBuffer(buf: Buffer): ArrayBuffer {
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

/** `file://` URL prefixes (models folders) the loader below serves. */
const servedModelDirs = new Set<string>();
let fileLoaderRegistered = false;

/** Teaches tfjs to load `file://` model URLs under `modelsDir` from disk. */
function registerFileLoader(tf: HumanTf, modelsDir: string): void {
  servedModelDirs.add(pathToFileURL(modelsDir + path.sep).href);
  if (fileLoaderRegistered) return;
  fileLoaderRegistered = true;
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || ![...servedModelDirs].some((prefix) => url.startsWith(prefix))) return null;
    const modelFile = fileURLToPath(url);
    return {
      async load() {
        const modelJSON: unknown = JSON.parse(await readFile(modelFile, 'utf8'));
        return tf.io.getModelArtifactsForJSON(modelJSON, async (manifest) => {
          const specs: unknown[] = [];
          const shards: ArrayBuffer[] = [];
          for (const group of manifest) {
            specs.push(...group.weights);
            for (const shard of group.paths) {
              shards.push(toArrayBuffer(await readFile(path.join(path.dirname(modelFile), shard))));
            }
          }
          return [specs, tf.io.concatenateArrayBuffers(shards)];
        });
      },
    };
  });
}

/* ---------- configuration ---------- */

function humanConfig(paths: HumanPaths): Record<string, unknown> {
  const off = { enabled: false };
  return {
    backend: 'wasm',
    wasmPath: paths.wasmDir + path.sep, // default is a CDN
    wasmPlatformFetch: false, // emscripten reads the .wasm with fs in Node
    modelBasePath: pathToFileURL(paths.modelsDir + path.sep).href,
    cacheModels: false, // no IndexedDB in Node
    debug: false,
    async: false,
    warmup: 'none',
    // Frame caching is for video: with it on, a "similar enough" next image reuses the previous
    // detection / embedding, i.e. different photos can return the same result. Off everywhere.
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        rotation: true, // align tilted faces before the description model
        maxDetected: 10, // the embedder picks the largest face
        minConfidence: 0.3,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: true }, // the face crop for the description model is aligned with the mesh
      iris: off,
      attention: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      description: { enabled: true, skipFrames: 0, skipTime: 0 },
    },
    body: off,
    hand: off,
    object: off,
    gesture: off,
    segmentation: off,
  };
}

/* ---------- the process-wide instance ---------- */

const FAILURE_EVENTS = ['uncaughtException', 'unhandledRejection'] as const;
type FailureListeners = Record<(typeof FAILURE_EVENTS)[number], ReturnType<NodeJS.EventEmitter['listeners']>>;
// Typed as a plain emitter: Node's typings overload these two events one by one.
const processEvents = process as NodeJS.EventEmitter;

export function processFailureListeners(): FailureListeners {
  return { uncaughtException: processEvents.listeners('uncaughtException'), unhandledRejection: processEvents.listeners('unhandledRejection') };
}

export function removeListenersAddedSince(before: FailureListeners): void {
  for (const event of FAILURE_EVENTS) {
    for (const listener of processEvents.listeners(event)) {
      if (!before[event].includes(listener)) processEvents.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}

const REQUIRED_MODELS = ['blazeface', 'facemesh', 'faceres'];
let loading: { key: string; promise: Promise<HumanInstance> } | null = null;

/**
 * The process-wide human instance (models load once). tfjs' backend and human's models are
 * process-global, so asking again with other folders than the first successful call is an error.
 */
export function loadHuman(options: { modelsDir?: string; wasmDir?: string } = {}): Promise<HumanInstance> {
  const paths = resolveHumanPaths(options);
  const key = `${paths.modelsDir}\n${paths.wasmDir}`;
  if (loading) {
    if (loading.key !== key) {
      return Promise.reject(
        new Error(`face model runtime already loaded from ${loading.key.replace('\n', ' + ')}; cannot switch folders`),
      );
    }
    return loading.promise;
  }
  const promise = (async () => {
    const require = createRequire(paths.entry);
    // tfjs' wasm backend (emscripten) installs process handlers that rethrow every uncaught
    // exception and unhandled rejection: in a process that also serves HTTP, any stray error
    // anywhere would then end it. Its own errors reach us as rejections anyway, so they go.
    const installed = processFailureListeners();
    let human: HumanInstance;
    try {
      const mod = require(paths.entry) as HumanModule;
      human = new mod.Human(humanConfig(paths));
      registerFileLoader(human.tf, paths.modelsDir);
      await human.load();
    } finally {
      removeListenersAddedSince(installed);
    }
    // human logs (does not throw) when a model fails to load; a missing model would then look like
    // "no face found", so insist on all three.
    const loaded = human.models.loaded();
    const missing = REQUIRED_MODELS.filter((name) => !loaded.includes(name));
    if (missing.length > 0) {
      throw new Error(`face model runtime: models failed to load: ${missing.join(', ')} (from ${paths.modelsDir})`);
    }
    if (human.tf.getBackend() !== 'wasm') {
      throw new Error(`face model runtime: expected the wasm backend, got ${human.tf.getBackend()}`);
    }
    return human;
  })();
  loading = { key, promise };
  // a failed load may be retried (e.g. after fixing a path)
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  return promise;
}
