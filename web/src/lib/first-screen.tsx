import { createContext, type ReactNode, useContext, useEffect } from 'react';

/**
 * What the server knew when it rendered the first screen, which the browser's first render must
 * agree with to hydrate that markup: whether the product is open, and whether it drew a phone's
 * layout (the request's device). Null in a page the browser renders itself.
 */
export interface FirstScreen {
  launched: boolean;
  phone: boolean;
}

const FirstScreenContext = createContext<FirstScreen | null>(null);

export function FirstScreenProvider({ value, children }: { value: FirstScreen | null; children: ReactNode }) {
  return <FirstScreenContext value={value}>{children}</FirstScreenContext>;
}

export function useFirstScreen(): FirstScreen | null {
  return useContext(FirstScreenContext);
}

/**
 * Called by the drawn screen once the app has taken its markup over: until then the server keeps
 * #root inert, so a tap is never lost on a button the app does not yet handle (the browser waits
 * with it, as tests do).
 */
export function useFirstScreenTakenOver(): void {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
}
