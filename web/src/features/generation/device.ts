import { paths } from '../../config/paths';

/** Spec 1 §2: where a generation start leads: /gallery on mobile, /profile on desktop. */
export function destinationAfterStart(mobile: boolean): string {
  return mobile ? paths.gallery.getHref() : paths.profile.getHref();
}
