import { type ChangeEvent, lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDownIcon, ChevronUpIcon, SaveIcon, VideoIcon } from '../../../components/icons/creation-icons';
import { SparkleIcon } from '../../../components/icons/line-icons';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { HiddenFileInput } from '../../../components/form/hidden-file-input';
import { AgreementModal } from '../../upload-agreement';
import { isPresetMode, MODE_LABELS, modeButtonLabel, presetOptions } from '../composer-modes';
import type { UseComposer } from '../use-composer';
import { useApproximatedPrompts, useVideoPrice } from '../use-mode-engine';
import { MediaSlot } from './media-slot';
import { ModeBar } from './mode-bar';
import { PromptField } from './prompt-field';
import { credits } from '../../../lib/count-text';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';
import '../composer.css';

const PANEL_WIDTH = 340;

// Loaded when a mode button first opens it: the composer's first view is the bar alone.
const PresetPanel = lazy(() => import('./preset-panel').then((module) => ({ default: module.PresetPanel })));

/**
 * The floating composer (spec 1 §2): preview card, prompt with the magic wand and counter,
 * Generate, the mode buttons and their preset panels. Desktop: 60% wide (at least 600 px),
 * labelled Photo Editing Mode. Mobile: docked at the bottom with a tray (Tap to Edit / Hide
 * Options) that opens by itself when a file is present.
 */
export function Composer({ composer }: { composer: UseComposer }) {
  const { state, actions } = composer;
  const root = useRef<HTMLElement>(null);
  const [anchorLeft, setAnchorLeft] = useState<number | null>(null);
  const promptMode = state.mode === 'custom' || state.mode === 'edit';
  const hasMedia = state.media !== null;
  const expanded = state.trayExpanded;
  const approximated = useApproximatedPrompts(state.mode);

  // The panel opens above its mode button (desktop); on a phone it spans the dock.
  useLayoutEffect(() => {
    if (!state.panel || !root.current) return;
    const button = root.current.querySelector<HTMLElement>(`[data-mode="${state.panel}"]`);
    if (!button) return setAnchorLeft(null);
    const box = root.current.getBoundingClientRect();
    const left = button.getBoundingClientRect().left - box.left;
    setAnchorLeft(Math.max(0, Math.min(left, box.width - PANEL_WIDTH)));
  }, [state.panel]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) actions.takeFile(file);
  };
  const onStoryFiles = (event: ChangeEvent<HTMLInputElement>) => actions.addStoryPhotos([...(event.target.files ?? [])]);

  const selectedLabel = isPresetMode(state.mode) ? modeButtonLabel(state.mode, state.presets[state.mode], composer.weeklyPresets) : null;
  // The server's price of what Generate would run now (quote-generation, else its price table).
  const { price, shortfall } = composer;
  const cost = price?.cost ?? null;
  const costText = cost === null ? null : `This costs ${credits(cost)}`;
  const placeholder =
    state.mode === 'edit'
      ? hasMedia
        ? 'Describe the edit, e.g. “make it golden hour”…'
        : 'Add a photo to edit it in Studio'
      : hasMedia
        ? 'Describe the world for this photo…'
        : 'Describe a new world…';

  return (
    <>
      <HiddenFileInput ref={composer.fileInput} accept="image/*,video/*" aria-hidden="true" data-testid="composer-file-input" onChange={onFile} />
      <HiddenFileInput ref={composer.storyInput} accept="image/*" multiple aria-hidden="true" onChange={onStoryFiles} />
      <section
        ref={root}
        className={`composer stack${state.open || hasMedia ? ' is-open' : ''}${expanded ? ' is-expanded' : ''}`}
        aria-label="Composer"
      >
        {state.panel && (
          <Suspense fallback={null}>
            <PresetPanel
              panel={state.panel}
              presets={state.presets}
              weekly={composer.weeklyPresets}
              weeklyStatus={composer.weeklyStatus}
              anchorLeft={anchorLeft}
              firstPhotoUrl={state.media?.previewUrl ?? null}
              storyPhotos={state.storyPhotos}
              storyPhotoCount={composer.storyPhotoCount}
              storyPhotosNeeded={composer.storyPhotosNeeded}
              price={price}
              shortfall={shortfall}
              onPick={actions.pickPreset}
              onMode={actions.selectMode}
              onClose={actions.closePanel}
              onAddStoryPhotos={actions.openStoryPicker}
              onRemoveStoryPhoto={actions.removeStoryPhoto}
            />
          </Suspense>
        )}

        <button type="button" className="composer__handle" aria-expanded={expanded} onClick={actions.toggleTray}>
          {expanded ? <ChevronDownIcon /> : <ChevronUpIcon />}
          {expanded ? 'Hide Options' : 'Tap to Edit'}
        </button>

        <header className="composer__header">
          <span className="composer__label inline-row accent-dot">Photo Editing Mode</span>
          <span className="composer__mode">
            {MODE_LABELS[state.mode]}
            {selectedLabel && selectedLabel !== MODE_LABELS[state.mode] ? ` · ${selectedLabel}` : ''}
          </span>
          <span className="composer__spacer" />
          {composer.queuedIntent && <span className="composer__status">Queued — starts when your upload is done</span>}
          <ComposerExtras composer={composer} placement="header" />
          {composer.quota !== null && (
            <span className="composer__credits inline-row" title={costText ?? undefined}>
              <SparkleIcon />
              {credits(composer.quota)}
            </span>
          )}
        </header>

        <div className="composer__body">
          <MediaSlot
            media={state.media}
            uploading={composer.isUploading}
            progress={composer.uploadProgress}
            onAdd={() => actions.openFilePicker()}
            onRemove={actions.removeMedia}
          />
          {promptMode ? (
            <PromptField
              value={state.prompt}
              onChange={actions.setPrompt}
              onSubmit={actions.generate}
              onEnhance={actions.enhance}
              enhanceDisabled={composer.enhanceDisabled}
              enhancing={state.enhancing}
              disabled={state.mode === 'edit' && !hasMedia}
              placeholder={placeholder}
            />
          ) : (
            <PresetSummary composer={composer} />
          )}
          <button
            type="button"
            className={`composer__generate inline-row${shortfall ? ' is-short' : ''}`}
            onClick={actions.generate}
            disabled={composer.generateDisabled}
            aria-label="Generate"
            aria-description={shortfall ?? costText ?? undefined}
            title={shortfall ?? costText ?? undefined}
          >
            {composer.isNavigating ? <span className="button__spinner" aria-hidden="true" /> : <SparkleIcon />}
            <span className="composer__generate-text">Generate</span>
            {cost !== null && (
              <span className="composer__generate-cost" data-testid="generate-cost" aria-hidden="true">
                {cost}
              </span>
            )}
          </button>
        </div>
        {shortfall && !state.panel && (
          <p className="composer__shortfall" role="status" data-testid="composer-shortfall">
            {shortfall}
          </p>
        )}
        {approximated && <p className="composer__engine-note">Prompts are approximated by the local preview engine</p>}

        <div className="composer__tray">
          <ModeBar
            mode={state.mode}
            presets={state.presets}
            panel={state.panel}
            weekly={composer.weeklyPresets}
            onUpload={() => actions.openFilePicker()}
            onMode={actions.selectMode}
            onMore={actions.toggleMore}
          />
          <ComposerExtras composer={composer} placement="tray" />
        </div>
      </section>

      <ConfirmDialog
        open={state.pendingRemix !== null}
        title="Replace your prompt?"
        message="This remix brings its own prompt. What you've typed in the composer will be replaced."
        onConfirm={actions.confirmRemix}
        onCancel={actions.cancelRemix}
      />
      <AgreementModal
        open={composer.agreementOpen}
        busy={composer.agreementBusy}
        previewUrl={null}
        onAccept={actions.acceptAgreement}
        onCancel={actions.cancelAgreement}
      />
    </>
  );
}

/** In a preset mode the prompt comes from the preset: its label and tags show instead. */
function PresetSummary({ composer }: { composer: UseComposer }) {
  const { state, actions } = composer;
  if (!isPresetMode(state.mode)) return null;
  const mode = state.mode;
  const selected = presetOptions(mode, composer.weeklyPresets).find((option) => option.id === state.presets[mode]);
  return (
    <div className="preset-summary row">
      <button type="button" className="preset-summary__pick stack" onClick={() => actions.selectMode(mode)}>
        <span className="preset-summary__eyebrow">{MODE_LABELS[mode]}</span>
        <span className="preset-summary__label">{selected ? selected.label : 'Pick a look to start'}</span>
        {selected?.hint && <span className="preset-summary__hint truncate">{selected.hint}</span>}
      </button>
      <button type="button" className="preset-summary__custom" onClick={() => actions.selectMode('custom')}>
        {MODE_LABELS.custom}
      </button>
    </div>
  );
}

/** The Video toggle and Save Draft: in the header on a wide screen, in the tray on a phone. */
function ComposerExtras({ composer, placement }: { composer: UseComposer; placement: 'header' | 'tray' }) {
  const { state, actions } = composer;
  const hasMedia = state.media !== null;
  const videoPrice = useVideoPrice();
  return (
    <div className={`composer__extras row composer__extras--${placement}`}>
      {state.mode !== 'storytime' && (
        <label className={`toggle inline-row${state.enableVideo ? ' is-on' : ''}`} title={videoPrice === null ? 'Animate the result into a short video' : `Animate the result into a short video (${credits(videoPrice)})`}>
          <input type="checkbox" checked={state.enableVideo} onChange={(event) => actions.setEnableVideo(event.target.checked)} />
          <span className="toggle__track" aria-hidden="true" />
          <VideoIcon />
          Video
        </label>
      )}
      {composer.isAuthenticated && hasMedia && (
        <button type="button" className="composer__chip inline-row" onClick={actions.saveDraft} disabled={state.savingDraft}>
          {state.savingDraft ? <span className="button__spinner" aria-hidden="true" /> : <SaveIcon />}
          Save Draft
        </button>
      )}
    </div>
  );
}
