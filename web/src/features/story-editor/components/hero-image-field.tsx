import { type ChangeEvent, useId, useState } from 'react';
import { ProblemMessage, problemProps } from '../../../components/form/form-message';
import { TextField } from '../../../components/form/text-field';
import { ImageIcon } from '../../../components/icons/line-icons';
import { useAuth } from '../../../state/use-auth';
import { uploadHeroImage } from '../hero-upload';
import { heroFileProblem } from '../story-form';
import '../../../styles/stack.css';

export const PREVIEW_FAILED = 'Preview failed. Please try again or paste an image URL manually.';
export const SIGN_IN_TO_UPLOAD = 'Sign in to upload an image, or paste an image URL';

type HeroImageFieldProps = { url: string; onUrlChange: (url: string) => void };

/** The hero image: uploaded from a file (a signed-in session is needed) or pasted as a URL. */
export function HeroImageField({ url, onUrlChange }: HeroImageFieldProps) {
  const { isAuthenticated } = useAuth();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const messageId = useId();
  const trimmed = url.trim();

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
          {isAuthenticated ? (
            <label className="button button--small hero-field__upload" aria-disabled={uploading || undefined}>
              {uploading && <span className="button__spinner" aria-hidden="true" />}
              {uploading ? 'Uploading…' : 'Upload an image'}
              <input type="file" accept="image/*" className="visually-hidden" onChange={(event) => void pick(event)} disabled={uploading} />
            </label>
          ) : (
            <p className="hero-field__note">{SIGN_IN_TO_UPLOAD}</p>
          )}
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
          <ProblemMessage id={messageId} problem={problem} />
        </div>
      </div>
    </fieldset>
  );
}
