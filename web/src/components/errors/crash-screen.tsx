import { BrandMark } from '../layout/brand-mark';
import '../../styles/icon-tile.css';
import '../../styles/stack.css';
import '../../styles/surface-card.css';
import './crash-screen.css';

/** Reloading fetches fresh code and state, which also recovers from a failed chunk download. */
function reloadPage() {
  window.location.reload();
}

type CrashScreenProps = {
  /** Full screen with the brand, for errors outside the layout; otherwise it fills the page area. */
  fullScreen?: boolean;
  onRetry?: () => void;
};

/** The crash screen of spec 3 §2. */
export function CrashScreen({ fullScreen = false, onRetry = reloadPage }: CrashScreenProps) {
  return (
    <div className={fullScreen ? 'crash crash--full' : 'crash'} role="alert">
      {fullScreen && (
        <a href="/" className="crash__brand">
          <BrandMark />
        </a>
      )}
      <div className="crash__card surface-card stack">
        <div className="crash__icon icon-tile" aria-hidden="true">
          <svg className="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M12 7.5v5.5" />
            <circle cx="12" cy="16.5" r="0.6" fill="currentColor" />
            <path d="M10.3 3.9 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          </svg>
        </div>
        <h1 className="crash__title">Something went wrong. It's not you. It's us.</h1>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try Again
        </button>
        <p className="crash__note">Access may be limited during early beta.</p>
      </div>
    </div>
  );
}
