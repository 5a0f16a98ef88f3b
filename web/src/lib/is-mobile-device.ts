import { MOBILE_MAX_WIDTH_PX } from '@app/shared';

/** What the mobile check reads of `window`. */
export interface DeviceWindow {
  innerWidth?: number;
  navigator?: { maxTouchPoints?: number; userAgent?: string };
  ontouchstart?: unknown;
}

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/**
 * Spec 1 §9: mobile is a width of 768 px or less, or a touch screen, or a mobile user agent.
 * The one check: the route guard and the generation's hand-off both ask it.
 */
export function isMobileDevice(win: DeviceWindow | undefined = typeof window !== 'undefined' ? window : undefined): boolean {
  if (!win) return false;
  if (typeof win.innerWidth === 'number' && win.innerWidth > 0 && win.innerWidth <= MOBILE_MAX_WIDTH_PX) return true;
  if ('ontouchstart' in win || (win.navigator?.maxTouchPoints ?? 0) > 0) return true;
  return MOBILE_USER_AGENT.test(win.navigator?.userAgent ?? '');
}
