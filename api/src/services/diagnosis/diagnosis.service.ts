import { PROVIDER_LABELS, type ProviderName, type ServiceMode } from '@app/shared';
import type { DebugInfo, HealthState, QueueStats, SystemCheck, SystemConfig } from '@app/shared/api/admin';
import type { AdminInsightsRepository } from '@app/shared/server/repositories';
import type { WorkerHeartbeats } from '@app/shared/server/queue';
import { type StatsQueue, readQueueStats } from '@app/shared/server/queue';
import { type SystemProbe, runSystemChecks } from './system-checks';

/** Dependencies whose failure means the product cannot serve anyone. */
const CRITICAL = new Set(['database', 'redis']);
/** How long one measurement is reused, so a dashboard refreshing every few seconds does not hammer providers. */
const CACHE_MS = 3_000;

export interface DiagnosisDeps {
  probes: SystemProbe[];
  queues: StatsQueue[];
  heartbeats: Pick<WorkerHeartbeats, 'list'>;
  insights: Pick<AdminInsightsRepository, 'runCounts' | 'runDurations' | 'identityCounts' | 'variantProgress'>;
  version: string;
  queueStaleSeconds: number;
  /** The engine of each service mode, from the config. */
  routes: Record<ServiceMode, ProviderName>;
  now?: () => number;
}

/**
 * The system diagnosis: every flag is measured (a probe answered or not), never read from
 * configuration. Health is `down` when the database or Redis does not answer; `degraded` when
 * another dependency fails, a queue has no live worker, or its oldest waiting job is too old.
 */
export class DiagnosisService {
  private cached: { at: number; value: Promise<DebugInfo> } | undefined;

  constructor(private readonly deps: DiagnosisDeps) {}

  diagnose(): Promise<DebugInfo> {
    const now = this.now();
    if (!this.cached || now - this.cached.at > CACHE_MS) {
      const value = this.measure();
      this.cached = { at: now, value };
      value.catch(() => (this.cached = undefined));
    }
    return this.cached.value;
  }

  private async measure(): Promise<DebugInfo> {
    const now = this.now();
    const hourAgo = new Date(now - 3_600_000);
    const systems = await runSystemChecks(this.deps.probes);
    const redisUp = systems.find((s) => s.name === 'redis')?.state !== 'failing';
    const databaseUp = systems.find((s) => s.name === 'database')?.state !== 'failing';
    const workers = redisUp ? await this.deps.heartbeats.list().catch(() => []) : [];
    const queues = redisUp ? await Promise.all(this.deps.queues.map((q) => readQueueStats(q, workers, now).catch(() => undefined))) : [];
    const [runs, durations, identity, mediaVariants] = databaseUp
      ? await Promise.all([
          this.deps.insights.runCounts(hourAgo),
          this.deps.insights.runDurations(hourAgo),
          this.deps.insights.identityCounts(hourAgo),
          this.deps.insights.variantProgress(),
        ])
      : [[], { median: null, p95: null }, [], { done: 0, total: 0 }];
    const queueStats = queues.filter((q): q is QueueStats => q !== undefined);
    const { health, reasons } = judgeHealth(systems, queueStats, this.deps.queueStaleSeconds);
    return {
      checkedAt: new Date(now).toISOString(),
      health,
      reasons,
      systems,
      queues: queueStats,
      workers,
      runs: { lastHour: runs, medianSeconds: durations.median, p95Seconds: durations.p95 },
      identity: identity.map((m) => ({
        ...m,
        passRate: m.checked > 0 ? m.passed / m.checked : null,
        retryRate: m.checked > 0 ? m.retried / m.checked : null,
      })),
      mediaVariants,
      versions: { app: this.deps.version, node: process.version },
      engines: Object.entries(this.deps.routes).map(([mode, provider]) => ({ mode, provider, label: PROVIDER_LABELS[provider] })),
      thresholds: { oldestWaitingSeconds: this.deps.queueStaleSeconds },
    };
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}

/** The overall health and, when it is not healthy, why, in an operator's words. */
export function judgeHealth(systems: SystemCheck[], queues: QueueStats[], staleSeconds: number): { health: HealthState; reasons: string[] } {
  const reasons: string[] = [];
  let health: HealthState = 'healthy';
  for (const system of systems) {
    if (system.state !== 'failing' || !system.required) continue;
    reasons.push(`${system.label} is not answering: ${system.detail}`);
    health = CRITICAL.has(system.name) ? 'down' : health === 'down' ? 'down' : 'degraded';
  }
  if (health === 'down') return { health, reasons };
  for (const queue of queues) {
    if (queue.workers === 0) reasons.push(`No live worker serves the ${queue.name} queue`);
    if (queue.oldestWaitingSeconds !== null && queue.oldestWaitingSeconds > staleSeconds) {
      reasons.push(`The oldest ${queue.name} job has waited ${queue.oldestWaitingSeconds} s (more than ${staleSeconds} s)`);
    }
  }
  return { health: reasons.length > 0 ? 'degraded' : 'healthy', reasons };
}

/** The spec's system config (spec 3 §3), each flag read off a measurement. */
export function toSystemConfig(info: DebugInfo): SystemConfig {
  const ok = (name: string) => info.systems.find((s) => s.name === name)?.state === 'ok';
  return {
    database_enabled: ok('database'),
    fal_ai_enabled: ok('fal'),
    bfl_api_enabled: ok('bfl'),
    stability_enabled: ok('stability'),
    cloudinary_enabled: ok('uploads'),
    email_enabled: ok('email'),
    overall_health: info.health,
    features: { likes_system: true, referral_system: true, studio_mode: true },
  };
}
