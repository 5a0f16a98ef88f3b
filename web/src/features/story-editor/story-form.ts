import { DEFAULT_STORY_CATEGORY, slugify, STORY_HERO_MAX_BYTES } from '@app/shared';
import { STORY_FIELDS_REQUIRED, type Story, type StoryInput } from '@app/shared/api/stories';

/** The create / edit form's fields (spec 3 §4, §5); `editing` is the current story, if any. */
export interface StoryForm {
  title: string;
  teaser: string;
  content: string;
  category: string;
  status: Story['status'];
  featured: boolean;
  heroUrl: string;
}

export const EMPTY_FORM: StoryForm = {
  title: '',
  teaser: '',
  content: '',
  category: DEFAULT_STORY_CATEGORY,
  status: 'draft',
  featured: false,
  heroUrl: '',
};

export function formFromStory(story: Story): StoryForm {
  return {
    title: story.title,
    teaser: story.teaser_text,
    content: story.full_story_content,
    category: story.story_category,
    status: story.status,
    featured: story.featured,
    heroUrl: story.hero_image_url ?? '',
  };
}

/** The spec's required-fields message, or null when title, teaser and body are all there. */
export function storyFormProblem(form: StoryForm): string | null {
  return [form.title, form.teaser, form.content].some((value) => !value.trim()) ? STORY_FIELDS_REQUIRED : null;
}

/** What is sent; an edited story sends its own slug, since it keeps it (spec 3 §5). */
export function storyInputOf(form: StoryForm, editing: Story | null): StoryInput {
  return {
    title: form.title.trim(),
    teaser_text: form.teaser.trim(),
    full_story_content: form.content.trim(),
    story_category: form.category,
    status: form.status,
    featured: form.featured,
    hero_image_url: form.heroUrl.trim() || null,
    ...(editing ? { slug: editing.slug } : {}),
  };
}

/** The slug the story will have: its own when edited, else the title's. */
export function slugShown(title: string, editing: Story | null): string {
  return editing ? editing.slug : slugify(title);
}

export const NOT_AN_IMAGE = 'Please select an image file';
export const IMAGE_TOO_LARGE = 'Image file must be less than 5MB';

/** A hero image file must be an image under 5 MB (spec 3 §5). */
export function heroFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size >= STORY_HERO_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
}
