import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';
import './layout.css';

/**
 * Top bar, the page area and the mobile bottom nav; also used while the first route loads.
 * `bare` keeps only the brand (the coming-soon page before launch has nowhere else to go).
 * `hosts` are the overlays the app opens over any screen (the full-screen viewer, the sign-up
 * prompt); the app passes them in, so this frame knows no feature. `actions` sit at the top bar's
 * end on every screen size (the notifications bell).
 */
export function AppFrame({ children, bare = false, hosts = null, actions = null }: { children: ReactNode; bare?: boolean; hosts?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={bare ? 'app-frame app-frame--bare' : 'app-frame'}>
      {/* The first stop of Tab: past the top bar's links to the page itself. */}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar bare={bare} actions={bare ? null : actions} />
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      {!bare && <BottomNav />}
      {!bare && hosts}
    </div>
  );
}
