import { type FormEvent, useEffect, useState } from 'react';
import { useAdminSettings } from '../use-admin-data';
import { AdminEmpty, AdminSection } from './tone';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';

/** Reads the cap field: empty is no cap, else a whole number of accounts (null when it is not one). */
function parseCap(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

/** The launch switch and the beta account cap, changed without a restart. */
export function SettingsCard() {
  const { settings, failed, saving, save } = useAdminSettings();
  const [capText, setCapText] = useState('');
  const savedCap = settings?.betaAccountCap;
  useEffect(() => {
    if (savedCap !== undefined) setCapText(savedCap === null ? '' : String(savedCap));
  }, [savedCap]);

  const cap = parseCap(capText);
  const capChanged = settings !== null && cap !== 'invalid' && cap !== settings.betaAccountCap;
  const submitCap = (event: FormEvent) => {
    event.preventDefault();
    if (capChanged) save({ betaAccountCap: cap });
  };

  return (
    <AdminSection title="Settings" note="Applied at once, no restart">
      {!settings ? (
        <AdminEmpty>{failed ? 'The settings could not be loaded.' : 'Loading…'}</AdminEmpty>
      ) : (
        <div className="admin-settings stack">
          <div className="admin-settings__row cluster">
            <div className="admin-settings__text stack">
              <span className="admin-settings__label" id="admin-launched-label">
                Launched
              </span>
              <span className="admin-settings__hint">Off shows the coming-soon page on every path but this one.</span>
            </div>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={settings.isLaunched}
              aria-labelledby="admin-launched-label"
              disabled={saving}
              onClick={() => save({ isLaunched: !settings.isLaunched })}
            >
              <span className="switch__thumb" />
            </button>
          </div>
          <form className="admin-settings__row cluster" onSubmit={submitCap}>
            <div className="admin-settings__text stack">
              <label className="admin-settings__label" htmlFor="admin-beta-cap">
                Beta account cap
              </label>
              <span className="admin-settings__hint">Sign-ups close at this many accounts. Empty: no cap.</span>
            </div>
            <div className="admin-settings__cap cluster">
              <input
                id="admin-beta-cap"
                className="field__input admin-settings__input"
                inputMode="numeric"
                placeholder="No cap"
                value={capText}
                aria-invalid={cap === 'invalid' || undefined}
                onChange={(event) => setCapText(event.target.value)}
              />
              <button type="submit" className="button button--small" disabled={!capChanged || saving}>
                Save
              </button>
            </div>
          </form>
        </div>
      )}
    </AdminSection>
  );
}
