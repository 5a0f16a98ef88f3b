import {
  type ClientMode,
  ENHANCE_ERROR_NOTICE,
  ENHANCE_NO_RESULT_NOTICE,
  ENHANCE_SUCCESS_NOTICE,
  NO_CREDITS_TITLE,
  STORY_TIME_MIN_IMAGES,
} from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { queryKeys } from '../../api/query-keys';
import { toast } from '../../components/toast/toast-store';
import { useStore } from '../../lib/create-store';
import { useCredits } from '../../state/credits';
import { useAuth } from '../../state/use-auth';
import { useWeeklyPresets } from '../../entities/preset/weekly-presets';
import { enhancePrompt, type GenerateOptions, type GenerationPrice, type GenerationRequest, isSecureSource, useGeneration, useGenerationPrice } from '../generation';
import { useUploadAgreement } from '../upload-agreement';
import type { HomeNavigationState } from './composer-navigation-state';
import { buildRequest, type ComposerDraft, isEnhanceDisabled, isGenerateDisabled, isPresetMode, lookName, MODE_LABELS, type PresetMode, presetOptions } from './composer-modes';
import type { ComposerState } from './composer-reducer';
import { composerStore, dispatchComposer } from './composer-store';
import { restoreStoredPreset, writeStoredPreset } from './stored-preset';
import { useComposerHandoff } from './use-composer-handoff';
import { useReleasedPreviews } from './use-released-previews';
import { useSignInGate } from './use-sign-in-gate';
import { useSourceUpload } from './use-source-upload';

export type { ComposerMedia, ComposerPanel, ComposerState, StoryPhoto } from './composer-reducer';

function draftOf(state: ComposerState): ComposerDraft {
  return {
    mode: state.mode,
    prompt: state.prompt,
    hasFile: state.media !== null,
    sourceUrl: state.media?.sourceUrl ?? null,
    sourceWidth: state.media?.width ?? null,
    sourceHeight: state.media?.height ?? null,
    presets: state.presets,
    additionalImages: state.storyPhotos.map((photo) => photo.url).filter((url): url is string => !!url),
    enableVideo: state.enableVideo,
  };
}

const isVideoUrl = (url: string) => /\.(mp4|webm|mov)(\?|$)/i.test(url);

/** The preset panel that is open (its looks are what a tap spends on), if any. */
function openPresetPanel(state: Pick<ComposerState, 'panel'>): PresetMode | null {
  return state.panel && state.panel !== 'more' ? state.panel : null;
}

/** Says why a control that spends did nothing (the same words the composer shows before the tap). */
function tellShortfall(message: string) {
  toast.error(NO_CREDITS_TITLE, message);
}

/** A tap before its price is on screen spends nothing: the price comes first. */
function tellPriceChecking() {
  toast.queue('Checking the price', 'Tap again once the price shows.');
}

/**
 * The composer of spec 1 §2, §4, §5. Its state changes in `composerReducer`; this hook adds the
 * effects: the sign-in gate, the agreement, the uploads, dispatching runs, the magic wand,
 * drafts and what other screens hand over.
 */
export function useComposer(options: Pick<GenerateOptions, 'onOpen' | 'onComplete'> = {}) {
  const { isAuthenticated } = useAuth();
  const gate = useSignInGate();
  const agreement = useUploadAgreement();
  const source = useSourceUpload();
  const state = useStore(composerStore);
  // The engine's code loads once the composer opens or holds a photo, before the first request.
  const generation = useGeneration(options, state.open || state.media !== null);
  const weekly = useWeeklyPresets();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const storyInput = useRef<HTMLInputElement>(null);
  /** The mode asked for before there was a file: its panel opens once the file is in. */
  const pendingMode = useRef<ClientMode | null>(null);
  /** The prices on screen, for the taps that spend (set each render, below). */
  const panelPrice = useRef<GenerationPrice | null>(null);
  const generatePrice = useRef<GenerationPrice | null>(null);
  /** The price of what a tap would run is on its way: nothing is spent before it is on screen. */
  const priceChecking = useRef(false);
  const { credits } = useCredits(isAuthenticated && (state.open || state.media !== null));
  useReleasedPreviews(state);

  // Spec 1 §4: a stored preset comes back only when it matches a loaded key, else it is removed.
  useEffect(() => {
    const restored = restoreStoredPreset(weekly.presets);
    if (restored) dispatchComposer({ type: 'preset-restored', mode: restored.mode, id: restored.id });
  }, [weekly.presets]);

  // The media went (removed, failed, or cleared after a start): the picker forgets its file.
  const hasMedia = state.media !== null;
  useEffect(() => {
    if (!hasMedia && fileInput.current) fileInput.current.value = '';
  }, [hasMedia]);

  // The intent queue waits for this source (spec 1 §4).
  const { setSourceUrl, clearQueued } = generation;
  const sourceUrl = state.media?.sourceUrl ?? null;
  useEffect(() => setSourceUrl(isSecureSource(sourceUrl) ? sourceUrl : null), [setSourceUrl, sourceUrl]);

  const takeFile = useCallback(
    (file: File) => {
      if (!gate('upload')) return;
      const modeAfter = pendingMode.current;
      pendingMode.current = null;
      if (agreement.status === 'agreed') source.uploadSource(file, modeAfter);
      else dispatchComposer({ type: 'file-awaits-agreement', file, modeAfter });
    },
    [agreement.status, gate, source],
  );

  // The agreement resolved (accepted, or known once loaded) while a file waited: go on.
  useEffect(() => {
    if (state.pendingFile && agreement.status === 'agreed') source.uploadSource(state.pendingFile, state.modeAfterUpload);
  }, [agreement.status, source, state.modeAfterUpload, state.pendingFile]);

  const openFilePicker = useCallback(
    (modeAfter: ClientMode | null = null) => {
      if (!gate('upload')) return;
      pendingMode.current = modeAfter;
      fileInput.current?.click();
    },
    [gate],
  );

  const removeMedia = useCallback(() => {
    source.cancel();
    clearQueued();
    dispatchComposer({ type: 'media-removed' });
  }, [clearQueued, source]);

  /** Runs now, or (with media still uploading) through the intent queue. */
  const weeklyPresets = weekly.presets;
  const run = useCallback(
    (request: GenerationRequest) => {
      if (!gate('generate')) return;
      const current = composerStore.get();
      const look = lookName(current.mode, current.presets, weeklyPresets);
      if (composerStore.get().media) generation.submit(request, look);
      else generation.generate(request, look);
    },
    [gate, generation, weeklyPresets],
  );

  const selectMode = useCallback(
    (mode: ClientMode) => {
      if (!gate('ai')) return;
      const current = composerStore.get();
      if (mode !== 'custom' && mode !== current.mode && !current.media) {
        openFilePicker(mode);
        return;
      }
      dispatchComposer({ type: 'mode-selected', mode });
    },
    [gate, openFilePicker],
  );

  /** Picking a preset closes its panel and starts the generation (spec 1 §2). */
  const pickPreset = useCallback(
    (mode: PresetMode, id: string) => {
      if (!gate('ai')) return;
      if (!composerStore.get().media) {
        openFilePicker(mode);
        return;
      }
      if (priceChecking.current) {
        tellPriceChecking();
        return;
      }
      // Short of the price shown on the look: nothing is submitted and the panel stays.
      const short = panelPrice.current?.shortfall;
      if (short) {
        tellShortfall(short);
        return;
      }
      dispatchComposer({ type: 'preset-picked', mode, id });
      writeStoredPreset({ mode, id });
      const next = composerStore.get();
      if (mode === 'storytime' && next.storyPhotos.some((photo) => photo.url === null && !photo.failed)) {
        toast.queue('Photos still uploading', 'Pick the look again in a moment.');
        return;
      }
      run(buildRequest(draftOf(next), id));
    },
    [gate, openFilePicker, run],
  );

  const generate = useCallback(() => {
    if (!gate('generate')) return;
    const current = composerStore.get();
    // With a look panel open, Generate runs the look picked there (and is priced as it).
    const panel = openPresetPanel(current);
    if (panel) {
      const id = current.presets[panel];
      if (id) pickPreset(panel, id);
      return;
    }
    if (isPresetMode(current.mode) && !current.presets[current.mode]) {
      if (current.panel !== current.mode) dispatchComposer({ type: 'mode-selected', mode: current.mode });
      return;
    }
    // A look that works on a photo, and no photo yet: the picker opens (the look runs after).
    if (current.mode !== 'custom' && !current.media) {
      openFilePicker(current.mode);
      return;
    }
    if (isGenerateDisabled(draftOf(current), generation.isNavigating)) return;
    if (priceChecking.current) {
      tellPriceChecking();
      return;
    }
    const short = generatePrice.current?.shortfall;
    if (short) {
      tellShortfall(short);
      return;
    }
    run(buildRequest(draftOf(current)));
  }, [gate, generation.isNavigating, openFilePicker, pickPreset, run]);

  const enhance = useCallback(async () => {
    if (!gate('ai')) return;
    const current = composerStore.get();
    if (isEnhanceDisabled(current.prompt, generation.isGenerating, current.enhancing)) return;
    dispatchComposer({ type: 'enhance-started' });
    let enhanced: string | null = null;
    try {
      enhanced = await enhancePrompt(current.prompt.trim());
      if (enhanced) toast.success(ENHANCE_SUCCESS_NOTICE.title, ENHANCE_SUCCESS_NOTICE.message);
      else toast.error(ENHANCE_NO_RESULT_NOTICE.title, ENHANCE_NO_RESULT_NOTICE.message);
    } catch {
      toast.error(ENHANCE_ERROR_NOTICE.title, ENHANCE_ERROR_NOTICE.message);
    } finally {
      dispatchComposer({ type: 'enhance-finished', prompt: enhanced || null });
    }
  }, [gate, generation.isGenerating]);

  const saveAsDraft = useCallback(async () => {
    const current = composerStore.get();
    if (!isAuthenticated || !current.media || current.savingDraft) return;
    let { media } = current;
    dispatchComposer({ type: 'draft-saving', saving: true });
    try {
      // A photo still uploading: its uploaded URL and size are a moment away.
      if (!media.sourceUrl && media.file && source.inFlight.current) {
        try {
          const result = await source.inFlight.current;
          media = { ...media, sourceUrl: result.url, width: result.width, height: result.height };
        } catch {
          // saveDraft uploads the file itself (or keeps the blob URL).
        }
      }
      // Saving a draft is rare: its code (and the drafts call) loads when it is asked for.
      const { saveDraft } = await import('./save-draft');
      await saveDraft(
        {
          ...(media.sourceUrl ? { url: media.sourceUrl } : { file: media.file, blobUrl: media.previewUrl }),
          prompt: current.prompt,
          mediaType: media.kind === 'video' ? 'video' : 'photo',
          width: media.width,
          height: media.height,
          metadata: { mode: current.mode, savedFrom: 'composer' },
        },
        { onSaved: () => void queryClient.invalidateQueries({ queryKey: queryKeys.drafts() }) },
      );
    } finally {
      dispatchComposer({ type: 'draft-saving', saving: false });
    }
  }, [isAuthenticated, queryClient, source.inFlight]);

  const closePanel = useCallback(() => dispatchComposer({ type: 'panel-closed' }), []);

  const addStoryPhotos = useCallback(
    (files: readonly File[]) => {
      source.uploadStoryPhotos(files);
      if (storyInput.current) storyInput.current.value = '';
    },
    [source],
  );

  useComposerHandoff(
    useCallback(
      (handed: HomeNavigationState) => {
        if (handed.kind === 'remix') dispatchComposer({ type: 'handed-remix', prompt: handed.prompt });
        else if (handed.kind === 'look') {
          // The mode with the look chosen; the photo comes next, so nothing runs yet.
          if (!gate('ai')) return;
          dispatchComposer({ type: 'preset-picked', mode: handed.mode, id: handed.presetId });
          dispatchComposer({ type: 'expanded' });
          writeStoredPreset({ mode: handed.mode, id: handed.presetId });
        } else if (handed.kind === 'edit') {
          const url = handed.editUrl;
          dispatchComposer({ type: 'handed-media', url, kind: isVideoUrl(url) ? 'video' : 'image', secure: isSecureSource(url), mode: 'edit', prompt: handed.editPrompt, open: true });
        } else if (handed.file) takeFile(handed.file);
        else if (handed.previewUrl) {
          const url = handed.previewUrl;
          dispatchComposer({ type: 'handed-media', url, kind: 'image', secure: isSecureSource(url), mode: null, prompt: null, open: handed.openComposer });
        }
      },
      [gate, takeFile],
    ),
  );

  const draft = draftOf(state);
  // What Generate would run now: the open look panel's mode, else the composer's. Every look of a
  // mode costs the same, so a mode without a look picked is priced with its first.
  const panel = openPresetPanel(state);
  const target: ComposerDraft = panel ? { ...draft, mode: panel } : draft;
  const targetPreset = isPresetMode(target.mode) ? (state.presets[target.mode] ?? presetOptions(target.mode, weekly.presets)[0]?.id) : undefined;
  const { price, checking } = useGenerationPrice(isAuthenticated ? buildRequest(target, targetPreset) : null, state.open || state.media !== null, {
    balance: credits,
    what: MODE_LABELS[target.mode],
  });
  useLayoutEffect(() => {
    panelPrice.current = panel ? price : null;
    generatePrice.current = panel ? null : price;
    priceChecking.current = checking;
  });
  const storyReady = state.storyPhotos.filter((photo) => photo.url).length + (state.media?.sourceUrl ? 1 : 0);

  return {
    state,
    draft,
    isAuthenticated,
    quota: credits,
    /** What Generate (or a look of the open panel) would spend now, from the server (null while unknown). */
    price,
    /** Why that spend can't happen (the balance is short), said before any tap; null when it can. */
    shortfall: price?.shortfall ?? null,
    weeklyPresets: weekly.presets,
    weeklyStatus: weekly.status,
    isGenerating: generation.isGenerating,
    isNavigating: generation.isNavigating,
    isUploading: source.isUploading,
    uploadProgress: source.progress,
    queuedIntent: generation.queued,
    agreementOpen: state.pendingFile !== null && agreement.status !== 'agreed',
    agreementBusy: agreement.status === 'accepting',
    generateDisabled: panel ? !state.presets[panel] || generation.isNavigating : isGenerateDisabled(draft, generation.isNavigating),
    enhanceDisabled: isEnhanceDisabled(state.prompt, generation.isGenerating, state.enhancing),
    storyPhotoCount: storyReady,
    storyPhotosNeeded: STORY_TIME_MIN_IMAGES,
    fileInput,
    storyInput,
    actions: {
      setPrompt: (prompt: string) => dispatchComposer({ type: 'prompt-changed', prompt }),
      setEnableVideo: (enableVideo: boolean) => dispatchComposer({ type: 'video-toggled', enableVideo }),
      toggleTray: () => dispatchComposer({ type: 'tray-toggled' }),
      expand: () => dispatchComposer({ type: 'expanded' }),
      openFilePicker,
      takeFile,
      acceptAgreement: () => void agreement.accept(),
      cancelAgreement: () => {
        pendingMode.current = null;
        dispatchComposer({ type: 'agreement-cancelled' });
        if (fileInput.current) fileInput.current.value = '';
      },
      removeMedia,
      selectMode,
      toggleMore: () => {
        if (gate('ai')) dispatchComposer({ type: 'more-toggled' });
      },
      closePanel,
      pickPreset,
      generate,
      enhance: () => void enhance(),
      saveDraft: () => void saveAsDraft(),
      confirmRemix: () => dispatchComposer({ type: 'remix-confirmed' }),
      cancelRemix: () => dispatchComposer({ type: 'remix-cancelled' }),
      addStoryPhotos,
      removeStoryPhoto: (id: string) => dispatchComposer({ type: 'story-photo-removed', id }),
      openStoryPicker: () => storyInput.current?.click(),
    },
  };
}

export type UseComposer = ReturnType<typeof useComposer>;
