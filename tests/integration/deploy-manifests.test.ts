import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MODES, modeEnvSuffix } from '@app/shared';
import { parseConfig } from '@app/shared/server/config';
import { createLogger } from '@app/shared/server/logger';
import { createMetrics } from '@app/shared/server/metrics';
import { startWorkerHttp } from '../../worker/src/worker-http';
import { availableDialects } from '../support/database';
import { repoRoot } from '../support/process';
import { useTestApp } from '../support/test-app';

/** The Kubernetes manifests in deploy/kubernetes, checked against the code they deploy. */

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: unknown };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    template?: { spec: { containers: Container[] } };
    scaleTargetRef?: { name: string };
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    triggers?: Array<{ type: string; metadata: Record<string, string> }>;
  };
  resources?: string[];
  images?: Array<{ name: string }>;
}

const DIR = path.join(repoRoot, 'deploy/kubernetes');
const files = fs.readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort();

function load(file: string): Manifest[] {
  const docs = parseAllDocuments(fs.readFileSync(path.join(DIR, file), 'utf8'));
  return docs.map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as Manifest;
  });
}

const manifests = files.filter((f) => f !== 'kustomization.yaml').flatMap(load);
const deployments = manifests.filter((m) => m.kind === 'Deployment');
const deployment = (name: string) => deployments.find((d) => d.metadata.name === name)!;
const containerOf = (name: string) => deployment(name).spec!.template!.spec.containers[0]!;
const configMaps = new Map(manifests.filter((m) => m.kind === 'ConfigMap').map((m) => [m.metadata.name, m.data ?? {}]));

/** Every variable config.ts's schema reads: its keys, and GENERATION_PROVIDER_<MODE>. */
function configVariables(): Set<string> {
  const source = fs.readFileSync(path.join(repoRoot, 'shared/src/server/config.ts'), 'utf8');
  const schema = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
  const names = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
  return new Set([...names, ...SERVICE_MODES.map((mode) => `GENERATION_PROVIDER_${modeEnvSuffix(mode)}`)]);
}

/** The variables a container gets: from its ConfigMaps, then its own env (which wins, as in Kubernetes). */
function containerEnv(container: Container): Array<{ name: string; from: 'configmap' | 'value' | 'secret'; value?: string }> {
  const fromMaps = (container.envFrom ?? []).flatMap((source) => {
    expect(source.secretRef, 'whole Secrets as env hide which variables are set').toBeUndefined();
    const data = configMaps.get(source.configMapRef?.name ?? '');
    expect(data, `ConfigMap ${source.configMapRef?.name} is in the manifests`).toBeDefined();
    return Object.entries(data ?? {}).map(([name, value]) => ({ name, from: 'configmap' as const, value }));
  });
  const own = (container.env ?? []).map((v) =>
    v.valueFrom?.secretKeyRef ? { name: v.name, from: 'secret' as const } : { name: v.name, from: 'value' as const, value: v.value },
  );
  return [...fromMaps, ...own];
}

/** Names whose value is a credential (or may carry one, like a database URL with its password). */
const isSecretName = (name: string) => /SECRET|TOKEN|PASSWORD|_KEY$|_KEY_ID$/.test(name) || ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'].includes(name);

/** What the cluster's Secret would hold, for parsing the config as a pod would see it. */
function standIn(name: string): string {
  if (name === 'DATABASE_URL') return 'postgres://mirrorverse:pw@postgres:5432/mirrorverse';
  if (name === 'REDIS_URL') return 'redis://redis:6379';
  if (name === 'SMTP_URL') return 'smtp://user:pw@smtp.example.com:587';
  return randomBytes(33).toString('base64url');
}

const probesOf = (container: Container) => [container.startupProbe, container.readinessProbe, container.livenessProbe].filter((p): p is Probe => p !== undefined);

describe('the Kubernetes manifests (deploy/kubernetes)', () => {
  it('parse as YAML, and the kustomization lists every manifest, with the Dockerfile targets as images', () => {
    const [kustomization] = load('kustomization.yaml');
    expect(kustomization?.kind).toBe('Kustomization');
    expect([...(kustomization?.resources ?? [])].sort()).toEqual(files.filter((f) => f !== 'kustomization.yaml'));
    for (const m of manifests) expect(m.apiVersion && m.kind && m.metadata?.name, JSON.stringify(m).slice(0, 80)).toBeTruthy();

    const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    for (const [name, target] of [['mirrorverse-api', 'api'], ['mirrorverse-worker', 'worker']] as const) {
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${target}$`, 'm'));
      expect(containerOf(name).image).toBe(name);
      expect(kustomization?.images?.map((i) => i.name)).toContain(name);
    }
  });

  it('set only variables config.ts knows, with values it accepts in production', () => {
    const known = configVariables();
    expect(known).toContain('QUEUE_PREFIX');
    expect(known).toContain('WORKER_METRICS_PORT');
    for (const name of ['mirrorverse-api', 'mirrorverse-worker']) {
      const container = containerOf(name);
      const env = containerEnv(container);
      expect(env.map((v) => v.name).filter((n) => !known.has(n)), name).toEqual([]);
      const raw = Object.fromEntries(env.map((v) => [v.name, v.from === 'secret' ? standIn(v.name) : v.value]));
      const config = parseConfig(raw);
      expect(config).toMatchObject({ isProduction: true, http: { host: '0.0.0.0' }, queuePrefix: '{mirrorverse}', storage: { driver: 's3' } });
      expect(config.database).toHaveProperty('url');
      expect(config.redis).toHaveProperty('endpoint.kind', 'standalone');
      expect(container.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(container.resources?.limits).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      if (name === 'mirrorverse-worker') {
        // The probes' port is the one the worker serves /healthz on.
        const metricsPort = container.ports?.find((p) => p.name === 'metrics')?.containerPort;
        expect(config.observability.workerMetricsPort).toBe(metricsPort);
        for (const probe of probesOf(container)) expect(probe.httpGet?.port).toBe('metrics');
      } else {
        expect(container.ports?.find((p) => p.name === 'http')?.containerPort).toBe(config.http.port);
      }
    }
  });

  it('hold no secret value: credentials only by secretKeyRef, no Secret objects', () => {
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
    for (const data of configMaps.values()) expect(Object.keys(data).filter(isSecretName)).toEqual([]);
    for (const d of deployments) {
      for (const container of d.spec!.template!.spec.containers) {
        const env = container.env ?? [];
        const literal = env.filter((v) => isSecretName(v.name) && (v.value !== undefined || !v.valueFrom?.secretKeyRef));
        expect(literal, `${d.metadata.name}: secrets by reference only`).toEqual([]);
        for (const v of env.filter((e) => e.valueFrom?.secretKeyRef)) expect(v.valueFrom?.secretKeyRef?.key).toBe(v.name);
      }
    }
    // No credentials inside any URL either (scheme://user:password@host).
    for (const file of files) expect(fs.readFileSync(path.join(DIR, file), 'utf8'), file).not.toMatch(/:\/\/[^/\s:@]+:[^/\s@]+@/);
  });

  it('cover every Deployment with a disruption budget, and scale the workers with KEDA', () => {
    const budgets = manifests.filter((m) => m.kind === 'PodDisruptionBudget');
    for (const d of deployments) {
      const labels = d.spec!.selector!.matchLabels!;
      expect(budgets.some((b) => Object.entries(b.spec?.selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v)), d.metadata.name).toBe(true);
    }
    const scaled = manifests.find((m) => m.kind === 'ScaledObject');
    expect(scaled?.spec?.scaleTargetRef?.name).toBe('mirrorverse-worker');
    // The threshold is one worker's generation slots.
    const trigger = scaled?.spec?.triggers?.[0];
    expect(trigger?.type).toBe('prometheus');
    expect(trigger?.metadata.threshold).toBe(configMaps.get('mirrorverse-config')?.WORKER_GENERATION_CONCURRENCY);
  });
});

describe('the compose file (docker-compose.yml)', () => {
  interface Service {
    container_name?: string;
    ports?: unknown[];
    environment?: Record<string, string>;
    build?: { target?: string };
  }
  const compose = parseAllDocuments(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true })[0]!;
  const services = (compose.toJS({ maxAliasCount: -1 }) as { services: Record<string, Service> }).services;

  it('lets `--scale worker=N` start N workers: no fixed name, no published port', () => {
    expect(compose.errors).toEqual([]);
    const worker = services.worker!;
    expect(worker.build?.target).toBe('worker');
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports).toBeUndefined();
  });

  it('gives api and workers only variables config.ts knows, and the same queue prefix', () => {
    const known = configVariables();
    for (const name of ['api', 'worker']) {
      const env = services[name]!.environment ?? {};
      expect(Object.keys(env).filter((n) => !known.has(n)), name).toEqual([]);
      expect(env.HOST).toBe('0.0.0.0');
    }
    expect(services.worker!.environment?.QUEUE_PREFIX).toBe(services.api!.environment?.QUEUE_PREFIX);
  });
});

/** The metrics a ScaledObject's Prometheus query names, with the label values it selects. */
function queriedSeries(query: string): Array<{ metric: string; labels: Array<{ name: string; values: string[] }> }> {
  return [...query.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)].map((m) => ({
    metric: m[1]!,
    labels: [...m[2]!.matchAll(/(\w+)\s*(=~|=)\s*"([^"]*)"/g)].map((l) => ({ name: l[1]!, values: l[2] === '=~' ? l[3]!.split('|') : [l[3]!] })),
  }));
}

/** Sample lines of a metric whose labels include every given name="value". */
function samplesWith(text: string, metric: string, labels: Record<string, string>): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)));
}

describe(`the manifests against a running app (${availableDialects().at(-1)!})`, () => {
  const ctx = useTestApp(availableDialects().at(-1)!);
  let worker: { port: number; close: () => Promise<void> };

  // The worker's own http server, as the worker process starts it when WORKER_METRICS_PORT is set.
  beforeAll(async () => {
    worker = await startWorkerHttp({
      port: 0,
      host: '127.0.0.1',
      metrics: createMetrics('worker'),
      queues: ctx.infra.queues.all(),
      metricsToken: undefined,
      redis: ctx.infra.redis,
      logger: createLogger(ctx.config, 'test'),
    });
  });
  afterAll(() => worker?.close());

  it('answer 200 on every probe path: the api on its port, the worker on WORKER_METRICS_PORT', async () => {
    const apiPaths = probesOf(containerOf('mirrorverse-api')).map((p) => p.httpGet!.path);
    expect(new Set(apiPaths)).toEqual(new Set(['/healthz', '/readyz']));
    for (const probePath of apiPaths) expect((await request(ctx.app).get(probePath)).status, probePath).toBe(200);
    const workerPaths = probesOf(containerOf('mirrorverse-worker')).map((p) => p.httpGet!.path);
    expect(workerPaths.length).toBeGreaterThan(0);
    for (const probePath of workerPaths) expect((await fetch(`http://127.0.0.1:${worker.port}${probePath}`)).status, probePath).toBe(200);
  });

  it('scale on metrics the api and the worker really export, with the labels the query selects', async () => {
    const queries = manifests.filter((m) => m.kind === 'ScaledObject').flatMap((m) => m.spec?.triggers ?? []).map((t) => t.metadata.query ?? '');
    const series = queries.flatMap(queriedSeries);
    expect(series.length).toBeGreaterThan(0);
    const exports = {
      api: (await request(ctx.app).get('/metrics')).text,
      worker: await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text(),
    };
    for (const [who, text] of Object.entries(exports)) {
      for (const { metric, labels } of series) {
        // Every combination of the selected label values has its own sample.
        let combos: Array<Record<string, string>> = [{}];
        for (const { name, values } of labels) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
        for (const combo of combos) expect(samplesWith(text, metric, combo), `${who}: ${metric} ${JSON.stringify(combo)}`).toHaveLength(1);
      }
    }
  });
});
