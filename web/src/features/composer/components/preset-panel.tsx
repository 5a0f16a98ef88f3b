import type { ClientMode, WeeklyPreset } from '@app/shared';
import { useEffect, useRef } from 'react';
import { PlusIcon } from '../../../components/icons/creation-icons';
import { CloseIcon } from '../../../components/icons/line-icons';
import { MODE_HINTS, MODE_LABELS, MORE_MENU, type PresetMode, presetOptions, type SelectedPresets } from '../composer-modes';
import type { ComposerPanel, StoryPhoto } from '../use-composer';
import { MODE_ICONS } from './mode-bar';
import '../../../styles/close-button.css';
import '../../../styles/stack.css';
import '../../../styles/icon-tile.css';

type PresetPanelProps = {
  panel: Exclude<ComposerPanel, null>;
  presets: SelectedPresets;
  weekly: readonly WeeklyPreset[] | null;
  weeklyStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** Left edge relative to the composer (desktop); null: full width. */
  anchorLeft: number | null;
  firstPhotoUrl: string | null;
  storyPhotos: readonly StoryPhoto[];
  storyPhotoCount: number;
  storyPhotosNeeded: number;
  onPick: (mode: PresetMode, id: string) => void;
  onMode: (mode: ClientMode) => void;
  onClose: () => void;
  onAddStoryPhotos: () => void;
  onRemoveStoryPhoto: (id: string) => void;
};

/**
 * The black dropdown panel of a preset mode (spec 1 §2): preset labels each with a radio
 * indicator; picking one closes the panel and starts the generation. 'more' lists the other
 * modes; Story Time adds its multi-photo picker.
 */
export function PresetPanel(props: PresetPanelProps) {
  const { panel, presets, weekly, weeklyStatus, anchorLeft, onPick, onMode, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.documentElement.classList.contains('has-modal')) onClose();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || ref.current?.contains(target) || target.closest('.mode-bar')) return;
      onClose();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  const style = anchorLeft === null ? undefined : { left: `${anchorLeft}px` };
  const title = panel === 'more' ? 'More looks' : MODE_LABELS[panel];

  return (
    <div ref={ref} className={`preset-panel stack${panel === 'storytime' ? ' preset-panel--wide' : ''}`} style={style}>
      <div className="preset-panel__header row">
        <span className="preset-panel__title">{title}</span>
        <button type="button" className="preset-panel__close close-button" aria-label="Close presets" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {panel === 'more' ? (
        <div role="menu" aria-label="More modes" className="preset-panel__list stack">
          {MORE_MENU.map((mode) => {
            const Icon = MODE_ICONS[mode];
            return (
              <button key={mode} type="button" role="menuitem" className="preset-panel__mode row" onClick={() => onMode(mode)}>
                <span className="preset-panel__mode-icon icon-tile">
                  <Icon />
                </span>
                <span className="preset-panel__text stack">
                  <span className="preset-panel__label">{MODE_LABELS[mode]}</span>
                  <span className="preset-panel__hint truncate">{MODE_HINTS[mode]}</span>
                </span>
              </button>
            );
          })}
        </div>
      ) : (
        <>
          {panel === 'storytime' && <StoryPhotos {...props} />}
          <PresetList mode={panel} selected={presets[panel] ?? null} weekly={weekly} weeklyStatus={weeklyStatus} onPick={onPick} />
        </>
      )}
    </div>
  );
}

function PresetList({
  mode,
  selected,
  weekly,
  weeklyStatus,
  onPick,
}: {
  mode: PresetMode;
  selected: string | null;
  weekly: readonly WeeklyPreset[] | null;
  weeklyStatus: PresetPanelProps['weeklyStatus'];
  onPick: (mode: PresetMode, id: string) => void;
}) {
  const options = presetOptions(mode, weekly);
  if (options.length === 0) {
    return <p className="preset-panel__empty">{mode === 'preset' && weeklyStatus === 'loading' ? "Loading this week's presets…" : 'No presets this week yet.'}</p>;
  }
  return (
    <div role="menu" aria-label={`${MODE_LABELS[mode]} presets`} className="preset-panel__list stack">
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          role="menuitemradio"
          aria-checked={selected === option.id}
          className="preset-panel__option row"
          onClick={() => onPick(mode, option.id)}
        >
          <span className="preset-panel__radio" aria-hidden="true" />
          <span className="preset-panel__text stack">
            <span className="preset-panel__label">{option.label}</span>
            {option.hint && <span className="preset-panel__hint truncate">{option.hint}</span>}
          </span>
        </button>
      ))}
    </div>
  );
}

function StoryPhotos({ firstPhotoUrl, storyPhotos, storyPhotoCount, storyPhotosNeeded, onAddStoryPhotos, onRemoveStoryPhoto }: PresetPanelProps) {
  const enough = storyPhotoCount >= storyPhotosNeeded;
  return (
    <div className="story-photos stack">
      <div className="story-photos__row">
        {firstPhotoUrl && <img className="story-photos__thumb" src={firstPhotoUrl} alt="Photo 1" />}
        {storyPhotos.map((photo, index) => (
          <span key={photo.id} className={`story-photos__item${photo.url ? '' : ' is-uploading'}${photo.failed ? ' is-failed' : ''}`}>
            <img className="story-photos__thumb" src={photo.previewUrl} alt={`Photo ${index + 2}`} />
            <button type="button" className="story-photos__remove place-center" aria-label={`Remove photo ${index + 2}`} onClick={() => onRemoveStoryPhoto(photo.id)}>
              <CloseIcon />
            </button>
          </span>
        ))}
        <button type="button" className="story-photos__add place-center" onClick={onAddStoryPhotos} aria-label="Add photos">
          <PlusIcon />
        </button>
      </div>
      <p className={`story-photos__count${enough ? ' is-ready' : ''}`}>
        {storyPhotoCount}/{storyPhotosNeeded} photos {enough ? '· ready for your story' : '· add at least 3 photos'}
      </p>
    </div>
  );
}
