import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav';
import { TopBar } from './top-bar';
import '../../styles/layout.css';

/** Top bar, the page area and the mobile bottom nav; also used while the first route loads. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="app-frame">
      <TopBar />
      <main className="app-main">{children}</main>
      <BottomNav />
    </div>
  );
}
