import {
  type ClientMode,
  DEFAULT_CUSTOM_PROMPT,
  ENHANCE_ERROR_NOTICE,
  ENHANCE_NO_RESULT_NOTICE,
  ENHANCE_SUCCESS_NOTICE,
  STORY_TIME_MIN_IMAGES,
} from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast/toast-store';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { useUploadAgreement } from '../agreement/use-upload-agreement';
import { saveDraft } from '../drafts/save-draft';
import { enhancePrompt } from '../generation/generation-api';
import type { GeneratedMediaItem, GenerationRequest } from '../generation/generation-types';
import { isSecureSource } from '../generation/intent-queue';
import { useGeneration } from '../generation/use-generation';
import { useGenerationEvent } from '../generation/use-generation-event';
import { useIntentQueue } from '../generation/use-intent-queue';
import { useWeeklyPresets } from '../generation/use-weekly-presets';
import { showSignUpPrompt } from '../signup-prompt/signup-prompt-store';
import { getUploadManager } from '../upload/upload-manager';
import type { UploadResult } from '../upload/upload-types';
import { useUpload } from '../upload/use-upload';
import {
  buildRequest,
  type ComposerDraft,
  isEnhanceDisabled,
  isGenerateDisabled,
  isPresetMode,
  type PresetMode,
  type SelectedPresets,
} from './composer-modes';
import { readHomeNavigationState } from './composer-navigation-state';
import { restoreStoredPreset, writeStoredPreset } from './stored-preset';
import { useQuota } from './use-quota';

/** The composer's media: a picked file (uploading or uploaded), or a URL handed over (a draft). */
export interface ComposerMedia {
  file: File | null;
  previewUrl: string;
  kind: 'image' | 'video';
  /** The uploaded (or handed-over) URL the generation reads; null while uploading. */
  sourceUrl: string | null;
  width: number | null;
  height: number | null;
  /** An object URL of ours, revoked when the media goes. */
  ownsPreview: boolean;
}

/** Story Time's further photos (the first photo is the composer's media). */
export interface StoryPhoto {
  id: string;
  previewUrl: string;
  url: string | null;
  failed: boolean;
}

export type ComposerPanel = PresetMode | 'more' | null;

export interface ComposerState {
  /** Open: the composer shows its media and options (closing collapses it to the bar). */
  open: boolean;
  mode: ClientMode;
  media: ComposerMedia | null;
  prompt: string;
  presets: SelectedPresets;
  panel: ComposerPanel;
  /** Mobile: the options tray (Tap to Edit / Hide Options). */
  trayExpanded: boolean;
  enableVideo: boolean;
  storyPhotos: StoryPhoto[];
  enhancing: boolean;
  savingDraft: boolean;
  /** A file waiting for the Media Upload Agreement. */
  pendingFile: File | null;
  /** A remix's prompt waiting for the person to confirm it replaces the one they typed. */
  pendingRemix: string | null;
}

const INITIAL: ComposerState = {
  open: false,
  mode: 'custom',
  media: null,
  prompt: '',
  presets: {},
  panel: null,
  trayExpanded: false,
  enableVideo: false,
  storyPhotos: [],
  enhancing: false,
  savingDraft: false,
  pendingFile: null,
  pendingRemix: null,
};

const kindOf = (file: Blob): 'image' | 'video' => (file.type.startsWith('video/') ? 'video' : 'image');
let photoCounter = 0;

/**
 * The composer of spec 1 §2, §4, §5: media (through the upload agreement and the upload),
 * modes and presets, the prompt and its magic wand, Generate, Save Draft, and the router
 * state other screens hand over.
 */
export function useComposer(options: { onOpen?: (item: GeneratedMediaItem) => void } = {}) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const agreement = useUploadAgreement();
  const upload = useUpload();
  const generation = useGeneration(options);
  const queue = useIntentQueue(options);
  const weekly = useWeeklyPresets();
  const [state, setState] = useState<ComposerState>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const fileInput = useRef<HTMLInputElement>(null);
  const storyInput = useRef<HTMLInputElement>(null);
  /** The mode asked for before there was a file: applied once the file is in. */
  const pendingMode = useRef<ClientMode | null>(null);
  const uploadToken = useRef(0);
  /** The upload in flight (Save Draft waits for it, to keep the uploaded URL and size). */
  const uploadInFlight = useRef<Promise<UploadResult> | null>(null);
  const quota = useQuota(isAuthenticated && (state.open || state.media !== null), generation.runId);

  const patch = useCallback((change: Partial<ComposerState> | ((current: ComposerState) => Partial<ComposerState>)) => {
    setState((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) }));
  }, []);

  // Spec 1 §4: a stored preset comes back only when it matches a loaded key, else it is removed.
  useEffect(() => {
    const restored = restoreStoredPreset(weekly.presets);
    if (restored) patch((current) => ({ presets: { ...current.presets, [restored.mode]: restored.id } }));
  }, [patch, weekly.presets]);

  const releasePreview = (media: ComposerMedia | null) => {
    if (media?.ownsPreview) URL.revokeObjectURL(media.previewUrl);
  };

  const resetFileInput = () => {
    if (fileInput.current) fileInput.current.value = '';
  };

  /** Uploads the file and makes it the composer's media. */
  const startUpload = useCallback(
    (file: File) => {
      uploadToken.current += 1;
      const token = uploadToken.current;
      const previewUrl = URL.createObjectURL(file);
      const wanted = pendingMode.current;
      pendingMode.current = null;
      setState((current) => {
        releasePreview(current.media);
        const mode = wanted ?? current.mode;
        const prompt = mode === 'custom' && current.prompt.trim() === '' ? DEFAULT_CUSTOM_PROMPT : current.prompt;
        return {
          ...current,
          open: true,
          trayExpanded: true,
          mode,
          prompt,
          panel: wanted && isPresetMode(wanted) ? wanted : null,
          pendingFile: null,
          media: { file, previewUrl, kind: kindOf(file), sourceUrl: null, width: null, height: null, ownsPreview: true },
        };
      });
      queue.setSourceUrl(null);
      const uploading = upload.upload(file, { folder: 'sources' });
      uploadInFlight.current = uploading;
      uploading
        .then((result) => {
          if (token !== uploadToken.current) return;
          setState((current) =>
            current.media && current.media.file === file
              ? { ...current, media: { ...current.media, sourceUrl: result.url, width: result.width, height: result.height } }
              : current,
          );
          queue.setSourceUrl(result.url);
        })
        .catch(() => {
          // The upload manager said 'Upload failed' (or it was cancelled): the media goes.
          if (token !== uploadToken.current) return;
          setState((current) => {
            if (!current.media || current.media.file !== file) return current;
            releasePreview(current.media);
            return { ...current, media: null, panel: null };
          });
          queue.clear();
          resetFileInput();
        });
    },
    [queue, upload],
  );

  /** A file from the picker (or handed over): straight to the upload once the agreement is accepted. */
  const takeFile = useCallback(
    (file: File) => {
      if (!isAuthenticated) {
        showSignUpPrompt('upload');
        return;
      }
      if (agreement.status === 'agreed') startUpload(file);
      else patch({ pendingFile: file });
    },
    [agreement.status, isAuthenticated, patch, startUpload],
  );

  // The agreement resolved (accepted, or known once loaded) while a file waited: go on.
  useEffect(() => {
    if (state.pendingFile && agreement.status === 'agreed') startUpload(state.pendingFile);
  }, [agreement.status, startUpload, state.pendingFile]);

  const acceptAgreement = useCallback(() => void agreement.accept(), [agreement]);
  const cancelAgreement = useCallback(() => {
    pendingMode.current = null;
    patch({ pendingFile: null });
    resetFileInput();
  }, [patch]);

  const openFilePicker = useCallback(
    (modeAfter: ClientMode | null = null) => {
      if (!isAuthenticated) {
        showSignUpPrompt('upload');
        return;
      }
      pendingMode.current = modeAfter;
      fileInput.current?.click();
    },
    [isAuthenticated],
  );

  const removeMedia = useCallback(() => {
    uploadToken.current += 1;
    upload.cancel();
    setState((current) => {
      releasePreview(current.media);
      for (const photo of current.storyPhotos) URL.revokeObjectURL(photo.previewUrl);
      return { ...current, media: null, mode: 'custom', open: false, panel: null, trayExpanded: false, storyPhotos: [] };
    });
    queue.setSourceUrl(null);
    queue.clear();
    resetFileInput();
  }, [queue, upload]);

  /** Runs now, or (with media still uploading) through the intent queue. */
  const dispatch = useCallback(
    (request: GenerationRequest) => {
      if (!isAuthenticated) {
        void navigate(paths.auth.getHref());
        return;
      }
      if (stateRef.current.media) queue.submit(request);
      else void generation.generate(request);
    },
    [generation, isAuthenticated, navigate, queue],
  );

  const draftOf = useCallback((current: ComposerState): ComposerDraft => {
    const sourceUrl = current.media?.sourceUrl ?? null;
    return {
      mode: current.mode,
      prompt: current.prompt,
      hasFile: current.media !== null,
      sourceUrl,
      sourceWidth: current.media?.width ?? null,
      sourceHeight: current.media?.height ?? null,
      presets: current.presets,
      additionalImages: current.storyPhotos.map((photo) => photo.url).filter((url): url is string => !!url),
      enableVideo: current.enableVideo,
    };
  }, []);

  const selectMode = useCallback(
    (mode: ClientMode) => {
      if (!isAuthenticated) {
        showSignUpPrompt('ai');
        return;
      }
      const current = stateRef.current;
      if (mode === current.mode && mode !== 'custom') {
        // The active mode again: its dropdown toggles, or the options close.
        if (isPresetMode(mode)) patch({ panel: current.panel === mode ? null : mode });
        else patch({ panel: null, trayExpanded: false });
        return;
      }
      if (mode !== 'custom' && !current.media) {
        openFilePicker(mode);
        return;
      }
      patch({ mode, panel: isPresetMode(mode) ? mode : null, open: true });
    },
    [isAuthenticated, openFilePicker, patch],
  );

  const toggleMore = useCallback(() => {
    if (!isAuthenticated) {
      showSignUpPrompt('ai');
      return;
    }
    patch((current) => ({ panel: current.panel === 'more' ? null : 'more' }));
  }, [isAuthenticated, patch]);

  const closePanel = useCallback(() => patch({ panel: null }), [patch]);

  /** Picking a preset closes its panel and starts the generation (spec 1 §2). */
  const pickPreset = useCallback(
    (mode: PresetMode, id: string) => {
      if (!isAuthenticated) {
        showSignUpPrompt('ai');
        return;
      }
      const current = stateRef.current;
      if (!current.media) {
        openFilePicker(mode);
        return;
      }
      const next: ComposerState = { ...current, mode, presets: { ...current.presets, [mode]: id }, panel: null };
      setState(next);
      writeStoredPreset({ mode, id });
      if (mode === 'storytime' && next.storyPhotos.some((photo) => photo.url === null && !photo.failed)) {
        toast.queue('Photos still uploading', 'Pick the look again in a moment.');
        return;
      }
      dispatch(buildRequest(draftOf(next), id));
    },
    [dispatch, draftOf, isAuthenticated, openFilePicker],
  );

  const generate = useCallback(() => {
    const current = stateRef.current;
    if (!isAuthenticated) {
      void navigate(paths.auth.getHref());
      return;
    }
    if (isPresetMode(current.mode) && !current.presets[current.mode]) {
      patch({ panel: current.mode });
      return;
    }
    if (isGenerateDisabled(draftOf(current), generation.isNavigating)) return;
    dispatch(buildRequest(draftOf(current)));
  }, [dispatch, draftOf, generation.isNavigating, isAuthenticated, navigate, patch]);

  const enhance = useCallback(async () => {
    if (!isAuthenticated) {
      showSignUpPrompt('ai');
      return;
    }
    const current = stateRef.current;
    if (isEnhanceDisabled(current.prompt, generation.isGenerating, current.enhancing)) return;
    patch({ enhancing: true });
    try {
      const enhanced = await enhancePrompt(current.prompt.trim());
      if (!enhanced) {
        toast.error(ENHANCE_NO_RESULT_NOTICE.title, ENHANCE_NO_RESULT_NOTICE.message);
        return;
      }
      patch({ prompt: enhanced });
      toast.success(ENHANCE_SUCCESS_NOTICE.title, ENHANCE_SUCCESS_NOTICE.message);
    } catch {
      toast.error(ENHANCE_ERROR_NOTICE.title, ENHANCE_ERROR_NOTICE.message);
    } finally {
      patch({ enhancing: false });
    }
  }, [generation.isGenerating, isAuthenticated, patch]);

  const saveAsDraft = useCallback(async () => {
    const current = stateRef.current;
    if (!isAuthenticated || !current.media || current.savingDraft) return;
    let { media } = current;
    patch({ savingDraft: true });
    try {
      // A photo still uploading: its uploaded URL and size are a moment away.
      if (!media.sourceUrl && media.file && uploadInFlight.current) {
        try {
          const result = await uploadInFlight.current;
          media = { ...media, sourceUrl: result.url, width: result.width, height: result.height };
        } catch {
          // saveDraft uploads the file itself (or keeps the blob URL).
        }
      }
      await saveDraft({
        ...(media.sourceUrl ? { url: media.sourceUrl } : { file: media.file, blobUrl: media.previewUrl }),
        prompt: current.prompt,
        mediaType: media.kind === 'video' ? 'video' : 'photo',
        width: media.width,
        height: media.height,
        metadata: { mode: current.mode, savedFrom: 'composer' },
      });
    } finally {
      patch({ savingDraft: false });
    }
  }, [isAuthenticated, patch]);

  const addStoryPhotos = useCallback(
    (files: readonly File[]) => {
      const images = files.filter((file) => file.type.startsWith('image/'));
      const photos = images.map((file) => ({ file, photo: { id: `story-${(photoCounter += 1)}`, previewUrl: URL.createObjectURL(file), url: null, failed: false } }));
      patch((current) => ({ storyPhotos: [...current.storyPhotos, ...photos.map((entry) => entry.photo)] }));
      for (const { file, photo } of photos) {
        getUploadManager()
          .upload(file, { folder: 'sources', silent: true })
          .then((result) =>
            patch((current) => ({ storyPhotos: current.storyPhotos.map((p) => (p.id === photo.id ? { ...p, url: result.url } : p)) })),
          )
          .catch(() => patch((current) => ({ storyPhotos: current.storyPhotos.map((p) => (p.id === photo.id ? { ...p, failed: true } : p)) })));
      }
      if (storyInput.current) storyInput.current.value = '';
    },
    [patch],
  );

  const removeStoryPhoto = useCallback(
    (id: string) =>
      patch((current) => {
        const photo = current.storyPhotos.find((p) => p.id === id);
        if (photo) URL.revokeObjectURL(photo.previewUrl);
        return { storyPhotos: current.storyPhotos.filter((p) => p.id !== id) };
      }),
    [patch],
  );

  // The engine's events (spec 1 §4).
  useGenerationEvent('close-composer', () => patch({ open: false, panel: null, trayExpanded: false }));
  useGenerationEvent('clear-composer-state', ({ reason }) => {
    queue.setSourceUrl(null);
    setState((current) => {
      releasePreview(current.media);
      const cleared = { ...current, media: null, panel: null, trayExpanded: false, storyPhotos: [], enableVideo: false };
      return reason === 'completed' ? { ...cleared, prompt: '', mode: 'custom', open: false } : cleared;
    });
  });
  useGenerationEvent('reset-hidden-uploader', resetFileInput);

  // Router state from another screen (spec 1 §2): read once, then cleared.
  const handledKey = useRef<string | null>(null);
  useEffect(() => {
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    const handed = readHomeNavigationState(location.state);
    if (!handed) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (handed.kind === 'remix') {
      const typed = stateRef.current.prompt.trim();
      if (typed && typed !== DEFAULT_CUSTOM_PROMPT && typed !== handed.prompt.trim()) patch({ pendingRemix: handed.prompt });
      else patch({ prompt: handed.prompt, mode: 'custom', open: true, trayExpanded: true });
    } else if (handed.kind === 'edit') {
      const secure = isSecureSource(handed.editUrl);
      patch({
        mode: 'edit',
        prompt: handed.editPrompt,
        open: true,
        trayExpanded: true,
        media: {
          file: null,
          previewUrl: handed.editUrl,
          kind: /\.(mp4|webm|mov)(\?|$)/i.test(handed.editUrl) ? 'video' : 'image',
          sourceUrl: secure ? handed.editUrl : null,
          width: null,
          height: null,
          ownsPreview: false,
        },
      });
      if (secure) queue.setSourceUrl(handed.editUrl);
    } else if (handed.file) {
      takeFile(handed.file);
    } else if (handed.previewUrl) {
      const secure = isSecureSource(handed.previewUrl);
      patch({
        open: handed.openComposer,
        trayExpanded: true,
        media: { file: null, previewUrl: handed.previewUrl, kind: 'image', sourceUrl: secure ? handed.previewUrl : null, width: null, height: null, ownsPreview: false },
      });
      if (secure) queue.setSourceUrl(handed.previewUrl);
    }
  }, [location, navigate, patch, queue, takeFile]);

  const draft = draftOf(state);
  const storyReady = state.storyPhotos.filter((photo) => photo.url).length + (state.media?.sourceUrl ? 1 : 0);

  return {
    state,
    draft,
    isAuthenticated,
    quota,
    weeklyPresets: weekly.presets,
    weeklyStatus: weekly.status,
    isGenerating: generation.isGenerating,
    isNavigating: generation.isNavigating,
    isUploading: upload.status === 'uploading',
    uploadProgress: upload.progress,
    queuedIntent: queue.pendingIntent !== null,
    agreementOpen: state.pendingFile !== null && agreement.status !== 'agreed',
    agreementBusy: agreement.status === 'accepting',
    generateDisabled: isGenerateDisabled(draft, generation.isNavigating),
    enhanceDisabled: isEnhanceDisabled(state.prompt, generation.isGenerating, state.enhancing),
    storyPhotoCount: storyReady,
    storyPhotosNeeded: STORY_TIME_MIN_IMAGES,
    fileInput,
    storyInput,
    actions: {
      setPrompt: (prompt: string) => patch({ prompt }),
      setEnableVideo: (enableVideo: boolean) => patch({ enableVideo }),
      toggleTray: () => patch((current) => ({ trayExpanded: !current.trayExpanded, panel: current.trayExpanded ? null : current.panel })),
      expand: () => patch({ open: true, trayExpanded: true }),
      openFilePicker,
      takeFile,
      acceptAgreement,
      cancelAgreement,
      removeMedia,
      selectMode,
      toggleMore,
      closePanel,
      pickPreset,
      generate,
      enhance: () => void enhance(),
      saveDraft: () => void saveAsDraft(),
      confirmRemix: () =>
        patch((current) => (current.pendingRemix === null ? {} : { prompt: current.pendingRemix, mode: 'custom', open: true, trayExpanded: true, pendingRemix: null })),
      cancelRemix: () => patch({ pendingRemix: null }),
      addStoryPhotos,
      removeStoryPhoto,
      openStoryPicker: () => storyInput.current?.click(),
    },
  };
}

export type UseComposer = ReturnType<typeof useComposer>;
