import { FIRST_SCREEN_STATE_ID, type HomeFirstScreenData } from '@app/shared/api/first-screen';
import type { FirstScreen } from '../lib/first-screen';

/**
 * The answers the server drew the home with, as it put them in the page (the browser hydrates
 * that markup from them), or null for a page the browser draws itself.
 */
export function readFirstScreenState(): HomeFirstScreenData | null {
  const text = document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as HomeFirstScreenData;
  } catch {
    return null;
  }
}

/** The state of a drawn home: the server draws it only once the product is open. */
export function drawnHome({ phone }: Pick<HomeFirstScreenData, 'phone'>): FirstScreen {
  return { launched: true, phone };
}

/** The page's state script's content: `<` escaped, so no text in the answers can end the script. */
export function firstScreenStateJson(data: HomeFirstScreenData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
