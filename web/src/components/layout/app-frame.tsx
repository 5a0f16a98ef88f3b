import type { ReactNode } from 'react';
import { SignUpPromptHost } from '../../features/signup-prompt/signup-prompt-host';
import { ViewerHost } from '../../features/viewer/viewer-host';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';
import '../../styles/layout.css';

/**
 * Top bar, the page area and the mobile bottom nav; also used while the first route loads.
 * `bare` keeps only the brand (the coming-soon page before launch has nowhere else to go).
 * The full-screen viewer and the sign-up prompt live here, so they open over any screen (the
 * "Tap to open" toast arrives on the profile or gallery).
 */
export function AppFrame({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    <div className={bare ? 'app-frame app-frame--bare' : 'app-frame'}>
      <TopBar bare={bare} />
      <main className="app-main">{children}</main>
      {!bare && <BottomNav />}
      {!bare && <ViewerHost />}
      {!bare && <SignUpPromptHost />}
    </div>
  );
}
