/** The product name shown in the top bar, page titles and the crash screen. */
export const BRAND_NAME = 'Mirrorverse';

/** `<title>` text for a page: "Stories · Mirrorverse". */
export function pageTitle(title: string): string {
  return `${title} · ${BRAND_NAME}`;
}
