import { isAiProvider } from '@app/shared';
import type { CallResponse } from '@app/shared/api/define-call';
import type { adminConfigCall, DebugInfo, QueueStats, SystemConfig } from '@app/shared/api/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatAgo, formatRate, formatSeconds, healthTone, systemTone } from '../admin-rules';
import { AuditLog } from './audit-log';
import { MediaVariantsSection } from './media-variants-section';
import { QueueDashboardLink } from './queue-dashboard-link';
import { SettingsCard } from './settings-card';
import { type AdminColumns, AdminEmpty, AdminLoading, AdminSection, AdminTableSection, formatNumber, TonePill } from './tone';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';

type ConfigAnswer = CallResponse<typeof adminConfigCall>;

const HEALTH_TEXT = { healthy: 'Healthy', degraded: 'Degraded', down: 'Down' } as const;
const STATE_TEXT = { ok: 'OK', off: 'Off', failing: 'Failing' } as const;

const QUEUE_COLUMNS: AdminColumns = ['Queue', { label: 'Waiting', numeric: true }, { label: 'Prioritized', numeric: true }, { label: 'Active', numeric: true }, { label: 'Delayed', numeric: true }, { label: 'Failed', numeric: true }, { label: 'Oldest waiting', numeric: true }, { label: 'Live workers', numeric: true }, 'Last hour'];
const WORKER_COLUMNS: AdminColumns = ['Hostname', { label: 'PID', numeric: true }, 'Queues', 'Concurrency', { label: 'Recoveries', numeric: true }, 'Last heartbeat', 'Version'];
const RUN_COLUMNS: AdminColumns = ['Mode', 'Provider', { label: 'Done', numeric: true }, { label: 'Failed', numeric: true }];
const IDENTITY_COLUMNS: AdminColumns = ['Mode', { label: 'Checked', numeric: true }, { label: 'Pass rate', numeric: true }, { label: 'Retry rate', numeric: true }];

/** System Diagnosis: what admin-config measured, read again every 10 s. */
export function SystemDiagnosisTab({ config }: { config: UseQueryResult<ConfigAnswer> }) {
  if (!config.data) {
    return config.isError ? (
      <AdminEmpty>
        The diagnosis could not be loaded.{' '}
        <button type="button" className="text-button" onClick={() => void config.refetch()}>
          Try again
        </button>
      </AdminEmpty>
    ) : (
      <AdminLoading />
    );
  }
  const { debugInfo, systemConfig } = config.data;
  const { runs } = debugInfo;
  const threshold = debugInfo.thresholds.oldestWaitingSeconds;
  return (
    <div className="admin-diagnosis stack">
      <HealthBanner debugInfo={debugInfo} stale={config.isError} />
      <AdminSection title="Systems" note="Each dependency as the server measured it">
        <ul className="admin-systems card-grid">
          {debugInfo.systems.map((system) => (
            <li key={system.name} className="admin-system stack" data-state={system.state}>
              <div className="admin-system__top cluster">
                <span className="admin-system__label">{system.label}</span>
                <TonePill tone={systemTone(system.state)}>{STATE_TEXT[system.state]}</TonePill>
              </div>
              <p className="admin-system__detail admin-break">{system.detail}</p>
              <p className="admin-system__meta">
                {system.latencyMs === null ? 'no latency measured' : `${Math.round(system.latencyMs)} ms`}
                {system.required ? ' · required' : ' · optional'}
              </p>
            </li>
          ))}
        </ul>
      </AdminSection>
      <AdminTableSection title="Queues" note={`A job waiting longer than ${formatSeconds(threshold)} degrades the health`} empty="No queues reported." columns={QUEUE_COLUMNS} items={debugInfo.queues} row={(queue) => <QueueRow key={queue.name} queue={queue} threshold={threshold} />} />
      <AdminTableSection title="Workers" note="Live worker processes (a stopped one leaves within 15 s)" empty="No live workers." columns={WORKER_COLUMNS} items={debugInfo.workers} row={(worker) => <WorkerRow key={worker.id} worker={worker} />} />
      <div className="admin-columns">
        <AdminTableSection title="Runs, last hour" note={`Median ${formatSeconds(runs.medianSeconds)} · p95 ${formatSeconds(runs.p95Seconds)}`} empty="No runs finished in the last hour." columns={RUN_COLUMNS} items={runs.lastHour} row={(run) => <RunRow key={`${run.mode}/${run.provider}`} run={run} />} />
        <AdminTableSection title="Identity check" note="Outputs whose source had a face" empty="No identity checks yet." columns={IDENTITY_COLUMNS} items={debugInfo.identity} row={(row) => <IdentityRow key={row.mode} row={row} />} />
      </div>
      <MediaVariantsSection progress={debugInfo.mediaVariants} />
      <div className="admin-columns">
        <SettingsCard />
        <VersionsSection debugInfo={debugInfo} systemConfig={systemConfig} />
      </div>
      <AuditLog />
    </div>
  );
}

function HealthBanner({ debugInfo, stale }: { debugInfo: DebugInfo; stale: boolean }) {
  const tone = healthTone(debugInfo.health);
  return (
    <div className={`admin-health stack admin-tone--${tone}`} data-testid="admin-health-banner">
      <div className="admin-health__main cluster">
        <TonePill tone={tone}>{HEALTH_TEXT[debugInfo.health]}</TonePill>
        <div>
          <p className="admin-health__title">
            {debugInfo.health === 'healthy' ? 'Everything answers' : debugInfo.health === 'degraded' ? 'Running with problems' : 'The product is down'}
          </p>
          <p className="admin-health__checked">
            Checked {formatAgo(debugInfo.checkedAt)}
            {stale && ' · the last refresh failed'}
          </p>
        </div>
        <QueueDashboardLink />
      </div>
      {debugInfo.reasons.length > 0 && (
        <ul className="admin-health__reasons">
          {debugInfo.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Jobs finished per 5 minutes over the last hour, as 12 small bars. */
function HourChart({ buckets }: { buckets: readonly number[] }) {
  const width = 96;
  const height = 24;
  const max = Math.max(1, ...buckets);
  const step = width / Math.max(1, buckets.length);
  return (
    <svg
      className="admin-chart"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Finished per 5 minutes over the last hour: ${buckets.join(', ')}`}
    >
      <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} className="admin-chart__base" />
      {buckets.map((count, index) => {
        const barHeight = count === 0 ? 0 : Math.max(2, (count / max) * (height - 2));
        return <rect key={index} x={index * step + 1} y={height - barHeight} width={step - 2} height={barHeight} rx="1" className="admin-chart__bar" />;
      })}
    </svg>
  );
}

function QueueRow({ queue, threshold }: { queue: QueueStats; threshold: number }) {
  return (
    <tr>
      <td className="admin-mono">{queue.name}</td>
      <td className="admin-num">{formatNumber(queue.waiting)}</td>
      <td className="admin-num">{formatNumber(queue.prioritized)}</td>
      <td className="admin-num">{formatNumber(queue.active)}</td>
      <td className="admin-num">{formatNumber(queue.delayed)}</td>
      <td className={`admin-num${queue.failed > 0 ? ' admin-text--red' : ''}`}>{formatNumber(queue.failed)}</td>
      <td className={`admin-num${(queue.oldestWaitingSeconds ?? 0) > threshold ? ' admin-text--yellow' : ''}`}>
        {formatSeconds(queue.oldestWaitingSeconds)}
      </td>
      <td className={`admin-num${queue.workers === 0 ? ' admin-text--red' : ''}`}>{queue.workers}</td>
      <td>
        <HourChart buckets={queue.lastHour} />
      </td>
    </tr>
  );
}

function WorkerRow({ worker }: { worker: DebugInfo['workers'][number] }) {
  return (
    <tr>
      <td className="admin-mono">{worker.hostname}</td>
      <td className="admin-num">{worker.pid}</td>
      <td>{worker.queues.join(', ')}</td>
      <td>
        {Object.entries(worker.concurrency)
          .map(([queue, count]) => `${queue} × ${count}`)
          .join(', ')}
      </td>
      {/* Times a queue worker of this process took no waiting job with free slots and was made again. */}
      <td className={`admin-num${(worker.recoveries ?? 0) > 0 ? ' admin-text--yellow' : ''}`}>{formatNumber(worker.recoveries ?? 0)}</td>
      <td title={worker.lastHeartbeat}>{formatAgo(worker.lastHeartbeat)}</td>
      <td className="admin-mono">{worker.version}</td>
    </tr>
  );
}

function RunRow({ run }: { run: DebugInfo['runs']['lastHour'][number] }) {
  return (
    <tr>
      <td>{run.mode}</td>
      <td className="admin-mono">{run.provider}</td>
      <td className="admin-num">{formatNumber(run.done)}</td>
      <td className={`admin-num${run.failed > 0 ? ' admin-text--red' : ''}`}>{formatNumber(run.failed)}</td>
    </tr>
  );
}

function IdentityRow({ row }: { row: DebugInfo['identity'][number] }) {
  return (
    <tr>
      <td>{row.mode}</td>
      <td className="admin-num">{formatNumber(row.checked)}</td>
      <td className="admin-num">{formatRate(row.passRate)}</td>
      <td className="admin-num">{formatRate(row.retryRate)}</td>
    </tr>
  );
}

const FEATURE_LABELS: Record<keyof SystemConfig['features'], string> = {
  likes_system: 'Likes',
  referral_system: 'Referrals',
  studio_mode: 'Studio mode',
};

function VersionsSection({ debugInfo, systemConfig }: { debugInfo: DebugInfo; systemConfig: SystemConfig }) {
  return (
    <AdminSection title="Versions and features">
      <dl className="admin-facts">
        <dt>App</dt>
        <dd className="admin-mono">{debugInfo.versions.app}</dd>
        <dt>Node</dt>
        <dd className="admin-mono">{debugInfo.versions.node}</dd>
        {(Object.keys(FEATURE_LABELS) as (keyof SystemConfig['features'])[]).map((feature) => (
          <FeatureFact key={feature} label={FEATURE_LABELS[feature]} on={systemConfig.features[feature]} />
        ))}
      </dl>
      <h3 className="caps-label admin-engines-title">Engine per mode</h3>
      <dl className="admin-facts" data-testid="admin-engines">
        {debugInfo.engines.map((engine) => (
          <EngineFact key={engine.mode} mode={engine.mode} label={engine.label} ai={isAiProvider(engine.provider)} />
        ))}
      </dl>
    </AdminSection>
  );
}

function EngineFact({ mode, label, ai }: { mode: string; label: string; ai: boolean }) {
  return (
    <>
      <dt className="admin-mono">{mode}</dt>
      <dd>
        <TonePill tone={ai ? 'green' : 'grey'}>{label}</TonePill>
      </dd>
    </>
  );
}

function FeatureFact({ label, on }: { label: string; on: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <TonePill tone={on ? 'green' : 'grey'}>{on ? 'On' : 'Off'}</TonePill>
      </dd>
    </>
  );
}
