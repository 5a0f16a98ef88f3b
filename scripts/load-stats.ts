/** What both load modes share (`npm run load`, local and `--target`): their figures and the event-stream reader. */

/** The p-th percentile (nearest rank); NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
export const perSecond = (count: number, elapsedMs: number) => (elapsedMs > 0 ? (count * 1000) / elapsedMs : 0);

/** The JSON of each `data:` line of a Server-Sent Events body (the run-event stream), as it arrives. */
export async function* eventStreamData(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (data) yield JSON.parse(data.slice('data: '.length));
    }
  }
}
