import { providerLabel } from '@app/shared';
import type { RunReceipt } from '@app/shared/api/run-receipt';
import { receiptAttempts, receiptCredits, receiptEngine, receiptTimes } from './receipt-format';
import './receipt.css';

/**
 * A run's receipt as a short list of facts (the viewer, under the identity score; the Credits tab).
 * `showEngine={false}` where the page already names the engine ("Made with"): only the model is added.
 */
export function RunReceiptView({
  receipt,
  className,
  heading = true,
  showEngine = true,
}: {
  receipt: RunReceipt;
  className?: string;
  heading?: boolean;
  showEngine?: boolean;
}) {
  const attempts = receiptAttempts(receipt);
  const engine = showEngine ? receiptEngine(receipt, (provider) => providerLabel(provider) ?? provider) : null;
  const times = receiptTimes(receipt);
  const rows: [string, string][] = [['Credits', receiptCredits(receipt)]];
  if (attempts) rows.push([receipt.attempts.length === 1 ? 'Likeness' : `Likeness · ${receipt.attempts.length} tries`, attempts]);
  if (engine) rows.push(['Engine', engine]);
  else if (!showEngine && receipt.model) rows.push(['Model', receipt.model]);
  if (times) rows.push(['Time', times]);
  // The seed tells takes of one look apart (a variation's differs from its original's).
  if (typeof receipt.seed === 'number') rows.push(['Seed', String(receipt.seed)]);
  if (receipt.reason) rows.push(['Why', receipt.reason]);
  return (
    <section className={['run-receipt', className].filter(Boolean).join(' ')} aria-label="Receipt">
      {heading && <h3 className="run-receipt__title caps-label">Receipt</h3>}
      <dl className="run-receipt__rows">
        {rows.map(([label, value]) => (
          <div key={label} className={`run-receipt__row${label === 'Why' ? ' run-receipt__row--reason' : ''}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
