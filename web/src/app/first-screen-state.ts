import { FIRST_SCREEN_STATE_ID, type FirstScreenData } from '@app/shared/api/first-screen';
import type { FirstScreen } from '../lib/first-screen';

/**
 * The answers the server drew the page with (the home or a creation's page), as it put them in
 * the page (the browser hydrates that markup from them), or null for a page the browser draws itself.
 */
export function readFirstScreenState(): FirstScreenData | null {
  const text = document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreenData;
  } catch {
    return null;
  }
}

/** The state of a drawn page: the server draws only once the product is open. */
export function drawnScreen({ phone }: Pick<FirstScreenData, 'phone'>): FirstScreen {
  return { launched: true, phone };
}

/** The page's state script's content: `<` escaped, so no text in the answers can end the script. */
export function firstScreenStateJson(data: FirstScreenData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
