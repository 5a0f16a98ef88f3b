/**
 * Messages that need an OK before the user goes on (such as 'Session Expired'), shown one at
 * a time by `<AlertHost />` in the layout. Any code may call `showAlert`.
 */
export interface AlertMessage {
  id: number;
  title: string;
  message: string;
}

let queue: readonly AlertMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const waiting = new Map<number, () => void>();

function setQueue(next: readonly AlertMessage[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

export function getAlerts(): readonly AlertMessage[] {
  return queue;
}

export function subscribeAlerts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the alert; resolves once it is acknowledged. The same text twice in a row shows once. */
export function showAlert(title: string, message: string): Promise<void> {
  const existing = queue.find((alert) => alert.title === title && alert.message === message);
  if (existing) return new Promise((resolve) => chain(existing.id, resolve));
  const alert = { id: nextId++, title, message };
  setQueue([...queue, alert]);
  return new Promise((resolve) => waiting.set(alert.id, resolve));
}

function chain(id: number, resolve: () => void): void {
  const before = waiting.get(id);
  waiting.set(id, () => {
    before?.();
    resolve();
  });
}

export function acknowledgeAlert(id: number): void {
  setQueue(queue.filter((alert) => alert.id !== id));
  waiting.get(id)?.();
  waiting.delete(id);
}
