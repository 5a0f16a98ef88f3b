// The one shape every benchmark returns, and the table `npm run bench` prints: each figure beside
// a baseline measured in the same run, so the ratio means something on whatever machine ran it.
import os from 'node:os';
import { pathToFileURL } from 'node:url';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  /** value / baseline, unless the module says otherwise (e.g. a throughput measured the other way round). */
  ratio?: number;
  goal?: string;
  met?: boolean;
  note?: string;
}

/** A number as people read it: no more than 3 significant digits below 100, thousands separated above. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value).toLocaleString('en-US');
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  if (abs === 0) return '0';
  return value.toPrecision(2);
}

function ratioOf(row: BenchRow): number | undefined {
  if (row.ratio !== undefined) return row.ratio;
  if (row.baseline && row.baseline.value !== 0) return row.value / row.baseline.value;
  return undefined;
}

/** The rows as text lines (a header with the machine, then an aligned table). */
export function formatTable(rows: BenchRow[]): string[] {
  const header = ['benchmark', 'value', 'baseline', 'ratio', 'goal', 'met', 'note'];
  const cells = rows.map((row) => {
    const ratio = ratioOf(row);
    const withUnit = (v: number) => `${formatNumber(v)}${row.unit ? ` ${row.unit}` : ''}`;
    return [
      row.name,
      withUnit(row.value),
      row.baseline ? `${row.baseline.name} ${withUnit(row.baseline.value)}` : '',
      ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
      row.goal ?? '',
      row.met === undefined ? '' : row.met ? '✓' : '✗',
      row.note ?? '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [
    `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown cpu'}), node ${process.version}, ${new Date().toISOString()}`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...cells.map(line),
  ];
}

export function printTable(rows: BenchRow[]): void {
  console.log(`\n${formatTable(rows).join('\n')}`);
}

/** True when `import.meta.url` is the file node was asked to run (`tsx bench/x.ts`), not an import. */
export function isMain(importMetaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(entry).href === importMetaUrl;
}
