import type { ClientMode } from '@app/shared';
import { useCallback, useRef } from 'react';
import { getUploadManager, type UploadResult, useUpload } from '../upload';
import type { StoryPhoto } from './composer-reducer';
import { dispatchComposer } from './composer-store';

let photoCounter = 0;

/**
 * The composer's uploads, all through the one upload manager: the source photo (with the
 * 'Uploading...' toast and progress) and Story Time's further photos (silent).
 */
export function useSourceUpload() {
  const upload = useUpload();
  /** The upload in flight (Save Draft waits for it, to keep the uploaded URL and size). */
  const inFlight = useRef<Promise<UploadResult> | null>(null);

  const uploadSource = useCallback(
    (file: File, modeAfter: ClientMode | null) => {
      dispatchComposer({ type: 'upload-started', file, previewUrl: URL.createObjectURL(file), modeAfter });
      const uploading = upload.upload(file, { folder: 'sources' });
      inFlight.current = uploading;
      uploading.then(
        (result) => dispatchComposer({ type: 'upload-finished', file, url: result.url, width: result.width, height: result.height }),
        // The upload manager said 'Upload failed' (or it was cancelled): the media goes.
        () => dispatchComposer({ type: 'upload-failed', file }),
      );
    },
    [upload],
  );

  const uploadStoryPhotos = useCallback((files: readonly File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/'));
    const added = images.map((file) => {
      const photo: StoryPhoto = { id: `story-${(photoCounter += 1)}`, previewUrl: URL.createObjectURL(file), url: null, failed: false };
      return { file, photo };
    });
    dispatchComposer({ type: 'story-photos-added', photos: added.map((entry) => entry.photo) });
    for (const { file, photo } of added) {
      getUploadManager()
        .upload(file, { folder: 'sources', silent: true })
        .then(
          (result) => dispatchComposer({ type: 'story-photo-uploaded', id: photo.id, url: result.url }),
          () => dispatchComposer({ type: 'story-photo-failed', id: photo.id }),
        );
    }
  }, []);

  return {
    uploadSource,
    uploadStoryPhotos,
    cancel: upload.cancel,
    inFlight,
    isUploading: upload.status === 'uploading',
    progress: upload.progress,
  };
}
