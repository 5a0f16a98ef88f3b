/** The story categories (spec 3 §3), with our own labels and taglines (the spec does not show its texts). */
export const STORY_CATEGORIES = [
  { slug: 'the-haunted', label: 'The Haunted', tagline: 'Faces that linger after the lights go out.' },
  { slug: 'the-damned', label: 'The Damned', tagline: 'Bargains struck, prices paid, reflections that remember.' },
  { slug: 'the-divine', label: 'The Divine', tagline: 'Halos, gold leaf and the light that finds you first.' },
  { slug: 'the-forgotten', label: 'The Forgotten', tagline: 'Lives the archive almost lost, found again in a photograph.' },
  { slug: 'the-masked', label: 'The Masked', tagline: 'Who you become when no one can see your face.' },
  { slug: 'the-elemental', label: 'The Elemental', tagline: 'Storm, ember, tide and stone, wearing a human shape.' },
  { slug: 'the-eternal', label: 'The Eternal', tagline: 'Portraits that outlive the people who sat for them.' },
] as const;

export type StoryCategorySlug = (typeof STORY_CATEGORIES)[number]['slug'];
export const DEFAULT_STORY_CATEGORY: StoryCategorySlug = 'the-haunted';

/** A category's label; an unknown one gets its slug title-cased (spec 3 §3). */
export function storyCategoryLabel(slug: string): string {
  const known = STORY_CATEGORIES.find((c) => c.slug === slug);
  if (known) return known.label;
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

export function storyCategoryTagline(slug: string): string | null {
  return STORY_CATEGORIES.find((c) => c.slug === slug)?.tagline ?? null;
}

/** The slug of a title (spec 3 §5): lowercased, runs of non-alphanumerics become hyphens, trimmed. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Paragraphs of a story body: split on blank lines (spec 3 §5). */
export function storyParagraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function countWords(content: string): number {
  return content.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The story archive's lead (its page, and its description for link previews). */
export const STORY_ARCHIVE_TAGLINE = 'Tales from the other side of the mirror — each one told through a portrait.';
