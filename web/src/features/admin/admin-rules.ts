import { ADMIN_MEDIA_PAGE_SIZE, ADMIN_SCROLL_TRIGGER_PX } from '@app/shared';
import type { AdminMediaRow, HealthState, SystemCheck } from '@app/shared/api/admin';
import { ApiError } from '../../api/api-error';

/** The pure rules of the admin dashboard (spec 3 §4, §5, §9), unit-tested. */

/** The admin media search (spec 3 §5): loaded items whose prompt, type or id contains the text. */
export function filterAdminMedia(items: readonly AdminMediaRow[], search: string): readonly AdminMediaRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) => [item.prompt ?? '', item.type, item.id].some((field) => field.toLowerCase().includes(needle)));
}

/** The offset of the next page, or undefined once a page came back with fewer than 50 (spec 3 §4). */
export function nextMediaOffset(pages: readonly { media: readonly unknown[] }[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.media.length < ADMIN_MEDIA_PAGE_SIZE) return undefined;
  return pages.reduce((sum, page) => sum + page.media.length, 0);
}

export type Tone = 'green' | 'yellow' | 'red' | 'grey';

/** Media status colours (spec 3 §4): completed green, processing yellow, anything else red. */
export function mediaStatusTone(status: string): Tone {
  if (status === 'completed') return 'green';
  if (status === 'processing') return 'yellow';
  return 'red';
}

export function healthTone(health: HealthState): Tone {
  return health === 'healthy' ? 'green' : health === 'degraded' ? 'yellow' : 'red';
}

export function systemTone(state: SystemCheck['state']): Tone {
  return state === 'ok' ? 'green' : state === 'off' ? 'grey' : 'red';
}

/** "3 s ago", "5 min ago", "2 h ago", "4 d ago"; a time slightly ahead of this clock reads "0 s ago". */
export function formatAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '—';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** A span of seconds as "42 s", "3 min 5 s", "2 h 10 min"; null (nothing to measure) as "—". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return seconds < 10 && !Number.isInteger(seconds) ? `${seconds.toFixed(1)} s` : `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return whole % 60 ? `${minutes} min ${whole % 60} s` : `${minutes} min`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.floor(minutes / 60)} h`;
}

/** A step's length: "340 ms" under a second, else as `formatSeconds`; null (a moment) as "". */
export function formatMs(ms: number | null): string {
  if (ms === null) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : formatSeconds(ms / 1000);
}

/** A rate of 0..1 as a whole percentage; null (nothing counted) as "—". */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)} %`;
}

/** What the secret prompt says when admin-verify refuses (spec 3 §5), or when admin is off on this server. */
export const INVALID_SECRET_MESSAGE = 'Invalid admin secret';
export const ADMIN_DISABLED_MESSAGE = 'Admin is turned off on this server (ADMIN_SECRET is not set).';

export function verifyErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'ADMIN_DISABLED') return ADMIN_DISABLED_MESSAGE;
    if (error.isNetworkError) return error.message;
    if (error.status === 429 && error.serverError) return error.serverError;
  }
  return INVALID_SECRET_MESSAGE;
}

/** The scroll trigger (spec 3 §9): the bottom of the page is within 100 px of the viewport's. */
export function isNearBottom(scrollTop: number, viewportHeight: number, scrollHeight: number): boolean {
  return scrollTop + viewportHeight >= scrollHeight - ADMIN_SCROLL_TRIGGER_PX;
}
