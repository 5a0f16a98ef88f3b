import { storyParagraphs } from '@app/shared';

/** The pure rules of the story pages: body blocks, neighbours, the category filter, reading time. */

export type StoryBlock = { kind: 'text'; text: string } | { kind: 'image'; src: string };

/** Where our own media are served from: the page's origin, plus any storage base the caller knows. */
export function mediaBasesFor(origin: string, extra: readonly string[] = []): string[] {
  return [`${origin}/`, ...extra];
}

/**
 * A story body as blocks (spec 3 §5): paragraphs split on blank lines; a line that is nothing but
 * an http(s) URL beginning with one of our media bases is an inline image. Other URLs stay text,
 * so a story cannot embed pictures from anywhere.
 */
export function storyBlocks(content: string, mediaBases: readonly string[]): StoryBlock[] {
  const isImage = (line: string) => /^https?:\/\/\S+$/i.test(line) && mediaBases.some((base) => line.startsWith(base));
  const blocks: StoryBlock[] = [];
  for (const paragraph of storyParagraphs(content)) {
    let text: string[] = [];
    const flush = () => {
      if (text.length > 0) blocks.push({ kind: 'text', text: text.join('\n') });
      text = [];
    };
    for (const raw of paragraph.split('\n')) {
      const line = raw.trim();
      if (isImage(line)) {
        flush();
        blocks.push({ kind: 'image', src: line });
      } else if (line) {
        text.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/** The stories before and after one, in the archive's order; null at either end or when it is not listed. */
export function storyNeighbours<T extends { slug: string }>(stories: readonly T[], slug: string): { previous: T | null; next: T | null } {
  const index = stories.findIndex((story) => story.slug === slug);
  if (index < 0) return { previous: null, next: null };
  return { previous: stories[index - 1] ?? null, next: stories[index + 1] ?? null };
}

/** The filter after a click on a category: clicking the selected one resets to all (null). */
export function toggleCategory(selected: string | null, clicked: string | null): string | null {
  return clicked === selected ? null : clicked;
}

const WORDS_PER_MINUTE = 200;

/** '4 min read', never less than one minute. */
export function readingTime(wordCount: number): string {
  return `${Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE))} min read`;
}
