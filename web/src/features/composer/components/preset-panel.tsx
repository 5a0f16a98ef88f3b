import type { ClientMode, WeeklyPreset } from '@app/shared';
import { useEffect, useRef } from 'react';
import { PlusIcon } from '../../../components/icons/creation-icons';
import { CloseIcon } from '../../../components/icons/line-icons';
import { MODE_LABELS, MORE_MODES, type PresetMode, presetOptions, type SelectedPresets } from '../composer-modes';
import type { GenerationPrice } from '../../generation';
import type { ComposerPanel, StoryPhoto } from '../use-composer';
import { MODE_ICONS } from './mode-bar';
import { credits } from '../../../lib/count-text';
import '../../../styles/close-button.css';
import '../../../styles/stack.css';
import '../../../styles/icon-tile.css';

// Here, not in composer-modes.ts: only this panel (loaded when opened) reads them.
/** The More menu's entries: Custom Prompt first, so the person's own prompt is always one tap away. */
const MORE_MENU: readonly (PresetMode | 'custom')[] = ['custom', ...MORE_MODES];

/** One line under each More-menu entry. */
const MODE_HINTS: Readonly<Record<PresetMode | 'custom', string>> = {
  custom: 'Describe the look in your own words',
  unrealreflection: 'Cinematic portraits with a dark twist',
  parallelself: 'You, in another life',
  ghiblireact: 'Hand-drawn anime reactions',
  'cyber-siren': 'Neon-soaked cyberpunk looks',
  preset: "This week's featured looks",
  storytime: 'Three photos, one short video story',
};

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
  /** What a look of this panel spends (the server's), shown on the header and each look. */
  price: GenerationPrice | null;
  /** Why a look can't be bought now ('Story Time needs 15 credits — you have 1'), else null. */
  shortfall: string | null;
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
  const { panel, presets, weekly, weeklyStatus, anchorLeft, price, shortfall, onPick, onMode, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (document.documentElement.classList.contains('has-modal')) return;
      if (event.key === 'Escape') onClose();
      else if (ref.current && moveFocus(ref.current, event.key)) event.preventDefault();
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
        {panel !== 'more' && price && (
          <span className="preset-panel__price chip" data-testid="panel-price">
            {price.perPhoto === null ? credits(price.cost) : `${credits(price.perPhoto)} a photo`}
          </span>
        )}
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
          {shortfall && (
            <p className="preset-panel__shortfall" role="status" data-testid="panel-shortfall">
              {shortfall}
            </p>
          )}
          <PresetList mode={panel} selected={presets[panel] ?? null} weekly={weekly} weeklyStatus={weeklyStatus} price={price} onPick={onPick} />
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
  price,
  onPick,
}: {
  mode: PresetMode;
  selected: string | null;
  weekly: readonly WeeklyPreset[] | null;
  weeklyStatus: PresetPanelProps['weeklyStatus'];
  price: GenerationPrice | null;
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
          // Short of credits the look still answers a tap, to say why it did nothing.
          aria-disabled={price && !price.enough ? true : undefined}
          className="preset-panel__option row"
          onClick={() => onPick(mode, option.id)}
        >
          <span className="preset-panel__radio" aria-hidden="true" />
          <span className="preset-panel__text stack">
            <span className="preset-panel__label">{option.label}</span>
            {option.hint && <span className="preset-panel__hint truncate">{option.hint}</span>}
          </span>
          {price && (
            <span className="preset-panel__cost" data-testid="look-price">
              {credits(price.cost)}
            </span>
          )}
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

/**
 * Arrow keys walk the panel's entries (a menu's keys): Down and Up, Home and End; from outside
 * the panel (its mode button) Down enters at the first. True when the key moved focus.
 */
function moveFocus(panel: HTMLElement, key: string): boolean {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)) return false;
  const items = [...panel.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
  if (items.length === 0) return false;
  const focused = document.activeElement;
  const at = items.indexOf(focused as HTMLElement);
  // From outside, only from the mode bar (a caret in the prompt keeps its arrows).
  if (at === -1 && (key !== 'ArrowDown' || !focused?.closest('.mode-bar'))) return false;
  const next = key === 'Home' ? 0 : key === 'End' ? items.length - 1 : at === -1 ? 0 : (at + (key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
  items[next]!.focus();
  return true;
}
