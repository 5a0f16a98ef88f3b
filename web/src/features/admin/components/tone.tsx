import type { ReactNode } from 'react';
import type { Tone } from '../admin-rules';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';
import '../../../styles/surface-card.css';

/** A coloured label: a dot and a word (green, yellow, red, grey by state). */
export function TonePill({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={`admin-pill count-pill inline-row admin-tone--${tone}`} data-tone={tone} data-testid={testId}>
      <span className="admin-pill__dot" aria-hidden="true" />
      {children}
    </span>
  );
}

/** A section of a tab: a heading, an optional note beside it, and its content. */
export function AdminSection({ title, note, actions, children }: { title: string; note?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="admin-section surface-card stack" aria-label={title}>
      <header className="admin-section__header cluster">
        <h2 className="admin-section__title">{title}</h2>
        {note && <p className="admin-section__note">{note}</p>}
        {actions && <div className="admin-section__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** A table or list with nothing to show. */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date without the year, for tight spots (the media grid). */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export const formatNumber = (value: number) => value.toLocaleString();

/** The spinner while a tab's first answer is on its way. */
export function AdminLoading() {
  return (
    <div className="admin-loading place-center" aria-label="Loading">
      <span className="spinner" />
    </div>
  );
}

/** A table's headers; a column marked numeric is right-aligned. */
export type AdminColumns = readonly (string | { label: string; numeric: true })[];

/** A table's frame and header row. */
export function AdminTable({ columns, className, children }: { columns: AdminColumns; className?: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column}>{column}</th>
              ) : (
                <th key={column.label} className="admin-num">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A section holding one table, a row an item, or the empty text when there are none. */
export function AdminTableSection<Item>({
  title,
  note,
  empty,
  columns,
  items,
  row,
}: {
  title: string;
  note: ReactNode;
  empty: string;
  columns: AdminColumns;
  items: readonly Item[];
  /** One `<tr>` (with its key) for an item. */
  row: (item: Item) => ReactNode;
}) {
  return (
    <AdminSection title={title} note={note}>
      {items.length === 0 ? <AdminEmpty>{empty}</AdminEmpty> : <AdminTable columns={columns}>{items.map((item) => row(item))}</AdminTable>}
    </AdminSection>
  );
}

/** The search box above a tab's list, with a count beside it. */
export function AdminSearch({
  id,
  label,
  placeholder,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The count beside the box. */
  children: ReactNode;
}) {
  return (
    <div className="admin-toolbar cluster">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input admin-toolbar__search" type="search" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
      <span className="admin-toolbar__count" aria-live="polite">
        {children}
      </span>
    </div>
  );
}
