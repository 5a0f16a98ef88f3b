import { MOBILE_MAX_WIDTH_PX } from '@app/shared';
import { paths } from '../../config/paths';

/** What the mobile check reads of `window`. */
export interface DeviceWindow {
  innerWidth?: number;
  navigator?: { maxTouchPoints?: number; userAgent?: string };
  ontouchstart?: unknown;
}

export const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Spec 1 §9: mobile is a width of 768 px or less, or a touch screen, or a mobile user agent. */
export function isMobileDevice(win: DeviceWindow | undefined = typeof window !== 'undefined' ? window : undefined): boolean {
  if (!win) return false;
  if (typeof win.innerWidth === 'number' && win.innerWidth > 0 && win.innerWidth <= MOBILE_MAX_WIDTH_PX) return true;
  if ('ontouchstart' in win || (win.navigator?.maxTouchPoints ?? 0) > 0) return true;
  return MOBILE_USER_AGENT.test(win.navigator?.userAgent ?? '');
}

/** Spec 1 §2: where a generation start leads: /gallery on mobile, /profile on desktop. */
export function destinationAfterStart(mobile: boolean): string {
  return mobile ? paths.gallery.getHref() : paths.profile.getHref();
}
