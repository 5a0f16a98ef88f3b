import { STORY_HERO_MAX_BYTES } from '@app/shared';
import { STORY_FIELDS_REQUIRED, type Story } from '@app/shared/api/stories';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  formFromStory,
  heroFileProblem,
  IMAGE_TOO_LARGE,
  NOT_AN_IMAGE,
  slugShown,
  storyFormProblem,
  storyInputOf,
} from './story-form';

const story: Story = {
  id: '6c1f4f7e-2a4b-4c39-9a43-1b0f0f3c2d11',
  slug: 'the-old-mirror',
  title: 'The Old Mirror',
  teaser_text: 'It remembered.',
  hero_image_url: null,
  hero_still: null,
  full_story_content: 'One.\n\nTwo.',
  story_category: 'the-forgotten',
  status: 'published',
  featured: true,
  word_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('the story form', () => {
  it('starts on the spec defaults: the-haunted, draft', () => {
    expect(EMPTY_FORM.category).toBe('the-haunted');
    expect(EMPTY_FORM.status).toBe('draft');
  });

  it('requires title, teaser and content with the spec message', () => {
    const full = { ...EMPTY_FORM, title: 'A', teaser: 'B', content: 'C' };
    expect(storyFormProblem(full)).toBeNull();
    for (const key of ['title', 'teaser', 'content'] as const) {
      expect(storyFormProblem({ ...full, [key]: '   ' })).toBe(STORY_FIELDS_REQUIRED);
    }
  });

  it('shows the title slug for a new story and keeps the slug of an edited one', () => {
    expect(slugShown('  Hello, Dark World!  ', null)).toBe('hello-dark-world');
    expect(slugShown('A brand new title', story)).toBe('the-old-mirror');
  });

  it('sends trimmed fields, null for no hero, and the kept slug when editing', () => {
    const form = { ...formFromStory(story), title: ' New title ' };
    expect(storyInputOf(form, story)).toMatchObject({ title: 'New title', slug: 'the-old-mirror', hero_image_url: null, featured: true });
    expect(storyInputOf({ ...EMPTY_FORM, title: 'x' }, null)).not.toHaveProperty('slug');
  });
});

describe('the hero image file', () => {
  it('must be an image', () => {
    expect(heroFileProblem({ type: 'application/pdf', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(heroFileProblem({ type: '', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(NOT_AN_IMAGE).toBe('Please select an image file');
  });

  it('must be under 5MB', () => {
    expect(heroFileProblem({ type: 'image/png', size: STORY_HERO_MAX_BYTES - 1 })).toBeNull();
    expect(heroFileProblem({ type: 'image/jpeg', size: STORY_HERO_MAX_BYTES })).toBe(IMAGE_TOO_LARGE);
    expect(IMAGE_TOO_LARGE).toBe('Image file must be less than 5MB');
  });
});
