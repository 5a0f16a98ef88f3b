import type { RunTimelineLine } from '@app/shared/api/admin';
import type { CSSProperties } from 'react';
import { formatMs } from '../admin-rules';
import { useRunTimeline } from '../use-admin-data';
import { TonePill } from './tone';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';

const STATUS_TONE = { processing: 'yellow', done: 'green', failed: 'red' } as const;

/**
 * Where a run's time went (issue 44): each line of the server's timeline with a bar placed on one
 * scale from the submit to the settlement, so a long queue wait, a slow provider or an identity
 * retry shows at a glance; with a link to the run's trace when the server knows where traces live.
 */
export function RunTimeline({ runId }: { runId: string }) {
  const { data, isPending, isError } = useRunTimeline(runId);
  if (isPending) return <p className="admin-faint">Reading the run’s timeline…</p>;
  if (isError) return <p className="admin-text--red">The run’s timeline could not be read.</p>;

  const end = Math.max(data.totalMs ?? 0, ...data.lines.map((line) => line.atMs + (line.ms ?? 0)), 1);
  return (
    <section className="run-timeline stack" aria-label="Run timeline">
      <header className="run-timeline__header cluster">
        <h3 className="run-timeline__title">Run timeline</h3>
        <TonePill tone={STATUS_TONE[data.status]}>{data.status}</TonePill>
        {data.totalMs !== null && <span className="run-timeline__total">{formatMs(data.totalMs)} in all</span>}
        <span className="admin-mono admin-faint admin-break">{data.runId}</span>
        {data.traceUrl && (
          <a className="inline-link run-timeline__trace" href={data.traceUrl} target="_blank" rel="noopener noreferrer">
            Open the trace
          </a>
        )}
      </header>
      <ol className="run-timeline__lines">
        {data.lines.map((line, index) => (
          <TimelineLine key={index} line={line} end={end} />
        ))}
      </ol>
    </section>
  );
}

function TimelineLine({ line, end }: { line: RunTimelineLine; end: number }) {
  const place = {
    '--line-depth': line.depth,
    '--line-start': `${(line.atMs / end) * 100}%`,
    '--line-width': `${((line.ms ?? 0) / end) * 100}%`,
  } as CSSProperties;
  return (
    <li className={`run-timeline__line run-timeline__line--${line.tone}`} style={place} data-testid="run-timeline-line">
      <span className="run-timeline__label">
        <span className="run-timeline__name">{line.label}</span>
        {line.detail && <span className="run-timeline__detail">{line.detail}</span>}
      </span>
      <span className="run-timeline__track" aria-hidden="true">
        <span className="run-timeline__bar" />
      </span>
      <span className="run-timeline__ms">{line.ms === null ? `at ${formatMs(line.atMs)}` : formatMs(line.ms)}</span>
    </li>
  );
}
