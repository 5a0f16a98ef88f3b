import type { ClientMode, WeeklyPreset } from '@app/shared';
import type { ReactNode } from 'react';
import {
  ChevronDownIcon,
  FilmIcon,
  LeafIcon,
  BoltIcon,
  CalendarIcon,
  MirrorIcon,
  MoreIcon,
  StudioIcon,
  TwinIcon,
  UploadIcon,
} from '../../../components/icons/creation-icons';
import { SparkleIcon } from '../../../components/icons/line-icons';
import { MODE_LABELS, MORE_MODES, modeButtonLabel, type PresetMode, type SelectedPresets } from '../composer-modes';
import type { ComposerPanel } from '../composer-reducer';
import '../../../styles/cluster.css';

export const MODE_ICONS: Readonly<Record<ClientMode, () => ReactNode>> = {
  custom: SparkleIcon,
  edit: StudioIcon,
  unrealreflection: MirrorIcon,
  parallelself: TwinIcon,
  ghiblireact: LeafIcon,
  'cyber-siren': BoltIcon,
  preset: CalendarIcon,
  storytime: FilmIcon,
};

type ModeBarProps = {
  mode: ClientMode;
  presets: SelectedPresets;
  panel: ComposerPanel;
  weekly: readonly WeeklyPreset[] | null;
  onUpload: () => void;
  onMode: (mode: ClientMode) => void;
  onMore: () => void;
};

function ModeButton({
  id,
  label,
  icon,
  active,
  expanded,
  onClick,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  expanded?: boolean;
  onClick: () => void;
}) {
  const dropdown = expanded !== undefined;
  return (
    <button
      type="button"
      className={`mode-button inline-row${active ? ' is-active' : ''}`}
      data-mode={id}
      aria-haspopup={dropdown ? 'menu' : undefined}
      aria-expanded={dropdown ? expanded : undefined}
      aria-pressed={dropdown ? undefined : active}
      onClick={onClick}
    >
      {icon}
      <span className="mode-button__label">{label}</span>
      {dropdown && <ChevronDownIcon />}
    </button>
  );
}

/** The mode buttons: Upload, Studio, Unreal Reflection, Parallel Self, the active More mode, More. */
export function ModeBar({ mode, presets, panel, weekly, onUpload, onMode, onMore }: ModeBarProps) {
  const Icon = MODE_ICONS;
  const dropdown = (id: PresetMode) => (
    <ModeButton
      key={id}
      id={id}
      label={modeButtonLabel(id, presets[id], weekly)}
      icon={Icon[id]()}
      active={mode === id}
      expanded={panel === id}
      onClick={() => onMode(id)}
    />
  );
  const activeMore = MORE_MODES.find((candidate) => candidate === mode);
  // One row on a wide screen; on a phone the row wraps, so no mode's name is ever cut at an edge.
  return (
    <div className="mode-bar cluster" role="group" aria-label="Modes">
      <ModeButton id="upload" label="Upload" icon={<UploadIcon />} active={false} onClick={onUpload} />
      <ModeButton id="edit" label={MODE_LABELS.edit} icon={<StudioIcon />} active={mode === 'edit'} onClick={() => onMode('edit')} />
      {dropdown('unrealreflection')}
      {dropdown('parallelself')}
      {activeMore && dropdown(activeMore)}
      <button
        type="button"
        className={`mode-button mode-button--more inline-row${panel === 'more' ? ' is-open' : ''}`}
        data-mode="more"
        aria-haspopup="menu"
        aria-expanded={panel === 'more'}
        onClick={onMore}
      >
        <MoreIcon />
        <span className="mode-button__label">More</span>
      </button>
    </div>
  );
}
