import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { LogoutIcon } from '../../../components/icons/line-icons';
import { pageTitle } from '../../../config/brand';
import { queryKeys } from '../../../api/query-keys';
import { healthTone } from '../admin-rules';
import { forgetAdminSecret } from '../admin-session';
import { useAdminConfig } from '../use-admin-data';
import { MediaTab } from './media-tab';
import { ReportsTab } from './reports-tab';
import '../../../components/form/forms.css';
import '../../../styles/icon-tile.css';
import '../../../styles/panels.css';
import '../admin.css';
import { StatCards } from './stat-cards';
import { SystemDiagnosisTab } from './system-diagnosis-tab';
import { TonePill } from './tone';
import { UsersTab } from './users-tab';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';

const TABS = [
  { id: 'system', label: 'System Diagnosis' },
  { id: 'users', label: 'Users' },
  { id: 'media', label: 'Media' },
  { id: 'reports', label: 'Reports' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const HEALTH_LABEL = { healthy: 'Healthy', degraded: 'Degraded', down: 'Down' } as const;

/** The logged-in state (spec 3 §2): stat cards above the tabs System Diagnosis, Users, Media and Reports (issue 42). */
export function AdminDashboard() {
  const [tab, setTab] = useState<TabId>('system');
  const config = useAdminConfig();
  const client = useQueryClient();
  const baseId = useId();
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ system: null, users: null, media: null, reports: null });
  const health = config.data?.systemConfig.overall_health;

  // Logged out (or gone elsewhere): nothing the secret read stays in memory.
  useEffect(() => () => client.removeQueries({ queryKey: queryKeys.admin() }), [client]);

  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = TABS.findIndex((entry) => entry.id === tab);
    const next = TABS[(index + step + TABS.length) % TABS.length]!.id;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="admin stack">
      <title>{pageTitle(`${TABS.find((entry) => entry.id === tab)!.label} · Admin`)}</title>
      <header className="admin__header cluster">
        <div className="admin__heading stack">
          <p className="eyebrow">Operator</p>
          <h1 className="admin__title">Admin dashboard</h1>
        </div>
        <div className="admin__header-actions cluster">
          {health && (
            <TonePill tone={healthTone(health)} testId="admin-health">
              System {HEALTH_LABEL[health].toLowerCase()}
            </TonePill>
          )}
          <button type="button" className="button button--small" onClick={forgetAdminSecret}>
            <LogoutIcon />
            Log out
          </button>
        </div>
      </header>

      <StatCards stats={config.data?.stats ?? null} />

      <div className="admin-tabs cluster" role="tablist" aria-label="Admin sections" onKeyDown={onTabKey}>
        {TABS.map((entry) => (
          <button
            key={entry.id}
            ref={(node) => {
              tabRefs.current[entry.id] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${entry.id}-tab`}
            aria-controls={`${baseId}-${entry.id}-panel`}
            aria-selected={tab === entry.id}
            tabIndex={tab === entry.id ? 0 : -1}
            className="admin-tabs__tab"
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>

      <div className="admin__panel" role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'system' && <SystemDiagnosisTab config={config} />}
        {tab === 'users' && <UsersTab />}
        {tab === 'media' && <MediaTab />}
        {tab === 'reports' && <ReportsTab />}
      </div>
    </div>
  );
}
