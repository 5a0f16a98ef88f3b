import { USERNAME_MAX } from '@app/shared';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ProblemMessage, problemProps } from '../../../components/form/form-message';
import { HiddenFileInput } from '../../../components/form/hidden-file-input';
import { TextField } from '../../../components/form/text-field';
import { UploadIcon } from '../../../components/icons/creation-icons';
import { paths } from '../../../config/paths';
import { CreatorAvatar } from '../../../entities/creator/creator-avatar';
import { type ProfileFields, useEditProfile } from './use-edit-profile';
import '../../../styles/stack.css';

/** Name, username and avatar: how the person appears beside their public creations and on /u/<username>. */
export function ProfileCard({ saved, email }: { saved: ProfileFields; email: string }) {
  const id = useId();
  const form = useEditProfile(saved);
  const picker = useRef<HTMLInputElement>(null);
  const message = (field: string) => `${id}-${field}-problem`;
  return (
    <form
      className="profile-form stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
    >
      <div className="profile-form__avatar-row row">
        <CreatorAvatar avatar={form.preview} name={form.name || form.username || email} className="profile-form__avatar" size={84} />
        <div className="profile-form__avatar-actions stack">
          <button type="button" className="button" onClick={() => picker.current?.click()} disabled={form.saving}>
            <UploadIcon />
            {saved.avatar || form.preview ? 'Change photo' : 'Add a photo'}
          </button>
          <p className="profile-form__hint">A square crop of your photo, shown on your creations.</p>
          <HiddenFileInput
            ref={picker}
            accept="image/*"
            aria-label="Avatar photo"
            data-testid="avatar-input"
            onChange={(event) => {
              void form.pickPhoto(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
      </div>
      <ProblemMessage id={message('avatar')} problem={form.problems.avatar ?? null} />

      <div className="field">
        <TextField
          id={`${id}-name`}
          label="Name"
          value={form.name}
          placeholder="How you want to be credited"
          maxLength={80}
          autoComplete="name"
          onValueChange={form.setName}
          {...problemProps(message('name'), form.problems.name ?? null)}
        />
        <ProblemMessage id={message('name')} problem={form.problems.name ?? null} />
      </div>

      <div className="field">
        <TextField
          id={`${id}-username`}
          label="Username"
          value={form.username}
          placeholder="yourname"
          maxLength={USERNAME_MAX}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          onValueChange={form.setUsername}
          {...problemProps(message('username'), form.problems.username ?? null)}
        />
        <ProblemMessage id={message('username')} problem={form.problems.username ?? null} />
        <p className="profile-form__hint">
          3–30 letters, digits, _ or . — your page is{' '}
          {saved.username ? (
            <Link to={paths.creator.getHref(saved.username)} className="profile-form__link" data-testid="public-page-link">
              /u/{saved.username}
            </Link>
          ) : (
            <span>/u/{form.username.trim().toLowerCase() || 'yourname'}</span>
          )}
        </p>
      </div>

      <ProblemMessage id={message('form')} problem={form.problems.form ?? null} />
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={!form.dirty || form.saving}>
          {form.saving ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
