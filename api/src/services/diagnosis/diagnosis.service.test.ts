import { type ProviderName, SERVICE_MODES, type ServiceMode } from '@app/shared';
import type { QueueStats, SystemCheck } from '@app/shared/api/admin';
import { describe, expect, it } from 'vitest';
import { DiagnosisService, judgeHealth, toSystemConfig } from './diagnosis.service';

const ROUTES = { ...(Object.fromEntries(SERVICE_MODES.map((mode) => [mode, 'local'])) as Record<ServiceMode, ProviderName>), 'cyber-siren': 'fal' as const };

const check = (name: string, state: SystemCheck['state'], required = true): SystemCheck => ({ name, label: name, state, detail: `${name} detail`, latencyMs: 1, required });
const queue = (overrides: Partial<QueueStats> = {}): QueueStats => ({
  name: 'generation',
  waiting: 0,
  prioritized: 0,
  active: 0,
  delayed: 0,
  failed: 0,
  completed: 0,
  oldestWaitingSeconds: null,
  lastHour: [],
  workers: 1,
  ...overrides,
});

describe('judgeHealth', () => {
  it('is healthy when every required system answers and every queue is served promptly', () => {
    expect(judgeHealth([check('database', 'ok'), check('fal', 'off', false)], [queue({ oldestWaitingSeconds: 30 })], 120)).toEqual({ health: 'healthy', reasons: [] });
  });

  it('is down when the database or Redis does not answer, degraded for any other required system', () => {
    expect(judgeHealth([check('database', 'failing')], [queue()], 120).health).toBe('down');
    expect(judgeHealth([check('redis', 'failing'), check('storage', 'failing')], [], 120).health).toBe('down');
    expect(judgeHealth([check('storage', 'failing')], [queue()], 120)).toEqual({ health: 'degraded', reasons: ['storage is not answering: storage detail'] });
    expect(judgeHealth([check('fal', 'failing', false)], [queue()], 120).health).toBe('healthy');
  });

  it('is degraded when a queue has no live worker or its oldest job waited too long', () => {
    expect(judgeHealth([], [queue({ workers: 0 })], 120).reasons).toEqual(['No live worker serves the generation queue']);
    expect(judgeHealth([], [queue({ oldestWaitingSeconds: 121 })], 120)).toEqual({
      health: 'degraded',
      reasons: ['The oldest generation job has waited 121 s (more than 120 s)'],
    });
  });
});


describe('DiagnosisService', () => {
  const deps = (probe: () => Promise<string>, now: () => number) => ({
    probes: [{ name: 'database', label: 'Database', required: true, probe }],
    queues: [],
    heartbeats: { list: async () => [] },
    insights: { runCounts: async () => [], runDurations: async () => ({ median: null, p95: null }), identityCounts: async () => [{ mode: 'custom-prompt', checked: 4, passed: 3, retried: 1 }], variantProgress: async () => ({ done: 3, total: 4 }) },
    version: 'v1',
    queueStaleSeconds: 120,
    routes: ROUTES,
    now,
  });

  it('measures at most every 3 s, and a change shows on the next measurement', async () => {
    let up = true;
    let calls = 0;
    let clock = 0;
    const service = new DiagnosisService(
      deps(async () => {
        calls += 1;
        if (!up) throw new Error('connection refused');
        return 'answers';
      }, () => clock),
    );
    const healthy = await service.diagnose();
    expect(healthy.health).toBe('healthy');
    expect(healthy.identity).toEqual([{ mode: 'custom-prompt', checked: 4, passed: 3, retried: 1, passRate: 0.75, retryRate: 0.25 }]);
    expect(healthy.engines).toContainEqual({ mode: 'cyber-siren', provider: 'fal', label: 'fal.ai' });
    expect(healthy.engines).toContainEqual({ mode: 'story-time', provider: 'local', label: 'Local preview' });
    up = false;
    clock = 2_000;
    expect((await service.diagnose()).health).toBe('healthy');
    expect(calls).toBe(1);
    clock = 3_500;
    const info = await service.diagnose();
    expect(info.health).toBe('down');
    expect(info.reasons).toEqual(['Database is not answering: connection refused']);
    expect(toSystemConfig(info)).toMatchObject({ database_enabled: false, overall_health: 'down' });
    // With the database down, nothing is read from it.
    expect(info.identity).toEqual([]);
  });
});
