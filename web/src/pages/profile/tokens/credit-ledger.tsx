import type { CreditLedgerEntry } from '@app/shared/api/credits';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getCreditLedger, getRunReceipt } from '../../../api/credits';
import { Modal } from '../../../components/dialog/modal';
import { RunReceiptView } from '../../../entities/media/run-receipt-view';
import { ledgerDelta, ledgerReason, ledgerWhen } from './ledger-format';
import './credit-ledger.css';
import '../../../styles/stack.css';
import '../../../styles/sheen-card.css';

/** The ledger's cache key (a finished run refreshes the quota; the ledger reloads when shown). */
const LEDGER_KEY = ['credit-ledger'] as const;

/** Every change of the balance, newest first, each run's entry linked to its receipt (issue 16). */
export function CreditLedger() {
  const [receiptOf, setReceiptOf] = useState<string | null>(null);
  const ledger = useInfiniteQuery({
    queryKey: LEDGER_KEY,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => getCreditLedger(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section className="credit-card stack sheen-card credit-ledger" aria-labelledby="credit-ledger-title">
      <h3 className="credit-card__title" id="credit-ledger-title">
        History
      </h3>
      {ledger.isPending ? (
        <p className="credit-card__note">Loading your history…</p>
      ) : ledger.isError && entries.length === 0 ? (
        <p className="credit-card__note">Could not load your history.</p>
      ) : entries.length === 0 ? (
        <p className="credit-card__note">No credit changes yet.</p>
      ) : (
        <ol className="credit-ledger__list stack">
          {entries.map((entry) => (
            <LedgerRow key={entry.id} entry={entry} onReceipt={setReceiptOf} />
          ))}
        </ol>
      )}
      {ledger.hasNextPage && (
        <button type="button" className="button button--small credit-ledger__more" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage}>
          {ledger.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </button>
      )}
      <ReceiptDialog runId={receiptOf} onClose={() => setReceiptOf(null)} />
    </section>
  );
}

function LedgerRow({ entry, onReceipt }: { entry: CreditLedgerEntry; onReceipt: (runId: string) => void }) {
  const { runId } = entry;
  return (
    <li className="credit-ledger__row" data-reason={entry.reason}>
      <span className="credit-ledger__what stack">
        <span className="credit-ledger__reason">{ledgerReason(entry)}</span>
        <time className="credit-ledger__when" dateTime={entry.createdAt}>
          {ledgerWhen(entry.createdAt)}
        </time>
      </span>
      {runId ? (
        <button type="button" className="credit-ledger__receipt" onClick={() => onReceipt(runId)}>
          Receipt
        </button>
      ) : (
        <span aria-hidden="true" />
      )}
      <span className={`credit-ledger__delta${entry.delta < 0 ? ' is-charge' : entry.delta > 0 ? ' is-credit' : ''}`}>{ledgerDelta(entry.delta)}</span>
      <span className="credit-ledger__balance" title="Balance after">
        {entry.balanceAfter}
      </span>
    </li>
  );
}

function ReceiptDialog({ runId, onClose }: { runId: string | null; onClose: () => void }) {
  const receipt = useQuery({
    queryKey: ['run-receipt', runId],
    queryFn: ({ signal }) => getRunReceipt(runId ?? '', signal),
    enabled: runId !== null,
  });
  return (
    <Modal open={runId !== null} onClose={onClose} title="Receipt" description="What this run cost and how it went.">
      {receipt.isPending ? (
        <p className="credit-card__note">Loading…</p>
      ) : receipt.data ? (
        <RunReceiptView receipt={receipt.data} className="credit-ledger__receipt-view" heading={false} />
      ) : (
        <p className="credit-card__note">{receipt.isError ? 'Could not load the receipt.' : 'No receipt for this run yet.'}</p>
      )}
    </Modal>
  );
}
