import { STORY_CATEGORIES, storyCategoryLabel } from '@app/shared';
import { type Story, storyStatusSchema } from '@app/shared/api/stories';
import { type FormEvent, useId, useState } from 'react';
import { ProblemMessage } from '../../../components/form/form-message';
import { TextField } from '../../../components/form/text-field';
import { ArrowLeftIcon } from '../../../components/icons/line-icons';
import { editorErrorText } from '../story-editor-api';
import { type StoryForm, formFromStory, EMPTY_FORM, slugShown, storyFormProblem, storyInputOf } from '../story-form';
import { useStoryMutations } from '../use-story-editor';
import { BodyPreview } from './body-preview';
import { HeroImageField } from './hero-image-field';
import { SelectField, TextAreaField } from './fields';
import { BusyButton } from '../../../components/form/busy-button';
import '../../../styles/stack.css';

const CATEGORY_OPTIONS: ReadonlyArray<{ value: string; label: string }> = STORY_CATEGORIES.map(({ slug, label }) => ({ value: slug, label }));
const STATUS_OPTIONS = storyStatusSchema.options.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) }));

type StoryFormViewProps = {
  /** The current story when editing; null for a new one. */
  editing: Story | null;
  /** After a successful save, or Back: the form clears and the list shows again. */
  onDone: () => void;
};

/** The create / edit view (spec 3 §4, §5). */
export function StoryFormView({ editing, onDone }: StoryFormViewProps) {
  const [form, setForm] = useState<StoryForm>(() => (editing ? formFromStory(editing) : EMPTY_FORM));
  const [problem, setProblem] = useState<string | null>(null);
  const { save } = useStoryMutations();
  const messageId = useId();
  // An edit answers the last problem; the next save checks again.
  const set = <K extends keyof StoryForm>(key: K) => (value: StoryForm[K]) => {
    setProblem(null);
    setForm((current) => ({ ...current, [key]: value }));
  };
  // A story from an unknown category keeps it, under its title-cased label.
  const categories = CATEGORY_OPTIONS.some((option) => option.value === form.category)
    ? CATEGORY_OPTIONS
    : [...CATEGORY_OPTIONS, { value: form.category, label: storyCategoryLabel(form.category) }];
  const slug = slugShown(form.title, editing);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = storyFormProblem(form);
    setProblem(missing);
    if (missing || save.isPending) return;
    save.mutate(
      { input: storyInputOf(form, editing), id: editing?.id ?? null },
      {
        onSuccess: () => {
          setForm(EMPTY_FORM);
          onDone();
        },
        onError: (error) => setProblem(`Failed to save story: ${editorErrorText(error)}`),
      },
    );
  };

  return (
    <form className="story-form stack" onSubmit={submit} noValidate>
      <div className="story-form__bar">
        <button type="button" className="button button--small" onClick={onDone}>
          <ArrowLeftIcon />
          All stories
        </button>
        <h2 className="story-form__heading">{editing ? 'Edit story' : 'New story'}</h2>
        <BusyButton type="submit" className="button button--primary" busy={save.isPending}>
          {editing ? 'Save changes' : 'Save story'}
        </BusyButton>
      </div>
      <ProblemMessage id={messageId} problem={problem} />
      <div className="story-form__columns">
        <div className="story-form__fields stack">
          <div className="field">
            <TextField id="story-title" label="Title" value={form.title} onValueChange={set('title')} maxLength={200} />
            <p className="story-form__slug">
              Address: <code>/story/{slug || '…'}</code>
              {editing && <span> (kept when the title changes)</span>}
            </p>
          </div>
          <TextAreaField id="story-teaser" label="Teaser" value={form.teaser} onValueChange={set('teaser')} rows={3} maxLength={1000} short />
          <div className="story-form__row">
            <SelectField id="story-category" label="Category" value={form.category} options={categories} onValueChange={set('category')} />
            <SelectField id="story-status" label="Status" value={form.status} options={STATUS_OPTIONS} onValueChange={set('status')} />
            <label className="story-form__check">
              <input type="checkbox" checked={form.featured} onChange={(event) => set('featured')(event.target.checked)} />
              Featured
            </label>
          </div>
          <HeroImageField url={form.heroUrl} onUrlChange={set('heroUrl')} />
          <TextAreaField id="story-content" label="Story" value={form.content} onValueChange={set('content')} rows={16} />
        </div>
        <BodyPreview title={form.title} teaser={form.teaser} content={form.content} />
      </div>
    </form>
  );
}
