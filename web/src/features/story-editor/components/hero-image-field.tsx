import { type ChangeEvent, useId, useState } from 'react';
import { ProblemMessage, problemProps } from '../../../components/form/form-message';
import { TextField } from '../../../components/form/text-field';
import { ImageIcon } from '../../../components/icons/line-icons';
import { loadAppInfo } from '../../../api/app-info';
import { useLoadedValue } from '../../../lib/use-loaded-value';
import { uploadHeroImage } from '../hero-upload';
import { heroFileProblem } from '../story-form';
import '../../../styles/stack.css';

export const PREVIEW_FAILED = 'Preview failed. Please try again or paste an image URL manually.';

type HeroImageFieldProps = { url: string; onUrlChange: (url: string) => void };

const loadMediaBase = () => loadAppInfo().then((info) => info.mediaBaseUrl);

/**
 * The hero image: uploaded from a file (with the editor's token; no other sign-in) or pasted as
 * the URL of an image elsewhere. An image stored here shows as the picture with its file name,
 * not as an address to read or edit.
 */
export function HeroImageField({ url, onUrlChange }: HeroImageFieldProps) {
  const mediaBase = useLoadedValue(loadMediaBase, '');
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const messageId = useId();
  const trimmed = url.trim();
  const stored = mediaBase !== '' && trimmed.startsWith(mediaBase);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const fileProblem = heroFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) return;
    setUploading(true);
    try {
      onUrlChange(await uploadHeroImage(file));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : PREVIEW_FAILED);
    } finally {
      setUploading(false);
    }
  };

  const typeUrl = (next: string) => {
    setProblem(null);
    onUrlChange(next);
  };

  return (
    <fieldset className="hero-field stack">
      <legend className="field__label">Hero image</legend>
      <div className="hero-field__body">
        <div className="hero-field__preview place-center" aria-live="polite">
          {trimmed && failedUrl !== trimmed ? (
            <img className="cover" src={trimmed} alt="Hero image preview" onError={() => setFailedUrl(trimmed)} onLoad={() => setFailedUrl(null)} />
          ) : (
            <span className={trimmed ? 'hero-field__placeholder stack hero-field__placeholder--failed' : 'hero-field__placeholder stack'} role={trimmed ? 'alert' : undefined}>
              <ImageIcon />
              {trimmed ? PREVIEW_FAILED : 'No hero image yet'}
            </span>
          )}
        </div>
        <div className="hero-field__inputs stack">
          <label className="button button--small hero-field__upload" aria-disabled={uploading || undefined}>
            {uploading && <span className="button__spinner" aria-hidden="true" />}
            {uploading ? 'Uploading…' : stored ? 'Replace the image' : 'Upload an image'}
            <input type="file" accept="image/*" className="visually-hidden" onChange={(event) => void pick(event)} disabled={uploading} />
          </label>
          {stored ? (
            <p className="hero-field__note" data-testid="hero-stored">
              Uploaded: {trimmed.split('/').pop()}{' '}
              <button type="button" className="hero-field__remove" onClick={() => typeUrl('')}>
                Remove
              </button>
            </p>
          ) : (
            <div className="field">
              <TextField
                id="story-hero-url"
                label="Image URL"
                type="url"
                placeholder="https://…"
                value={url}
                onValueChange={typeUrl}
                {...problemProps(messageId, problem)}
              />
            </div>
          )}
          <ProblemMessage id={messageId} problem={problem} />
        </div>
      </div>
    </fieldset>
  );
}
