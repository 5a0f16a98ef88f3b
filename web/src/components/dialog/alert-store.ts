import { createStore } from '../../lib/create-store';

/**
 * Messages that need an OK before the user goes on (such as 'Session Expired'), shown one at
 * a time by `<AlertHost />` in the layout. Any code may call `showAlert`.
 */
export interface AlertMessage {
  id: number;
  title: string;
  message: string;
}

const alertStore = createStore<readonly AlertMessage[]>([]);
let nextId = 1;
const waiting = new Map<number, () => void>();

export function getAlerts(): readonly AlertMessage[] {
  return alertStore.get();
}

export function subscribeAlerts(listener: () => void): () => void {
  return alertStore.subscribe(listener);
}

/** Shows the alert; resolves once it is acknowledged. The same text twice in a row shows once. */
export function showAlert(title: string, message: string): Promise<void> {
  const existing = alertStore.get().find((alert) => alert.title === title && alert.message === message);
  if (existing) return new Promise((resolve) => chain(existing.id, resolve));
  const alert = { id: nextId++, title, message };
  alertStore.set((queue) => [...queue, alert]);
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
  alertStore.set((queue) => queue.filter((alert) => alert.id !== id));
  waiting.get(id)?.();
  waiting.delete(id);
}
