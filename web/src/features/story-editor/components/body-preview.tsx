import { storyBlocks } from '../../../entities/story/story-model';
import { useMediaBases } from '../../../entities/story/use-media-bases';
import '../../../styles/stack.css';

/** The body as readers will see it, by the story page's own rule: paragraphs on blank lines, our media URLs as pictures. */
export function BodyPreview({ title, teaser, content }: { title: string; teaser: string; content: string }) {
  const blocks = storyBlocks(content, useMediaBases());
  return (
    <article className="story-preview stack" aria-label="Live preview">
      <p className="caps-label">Live preview</p>
      <h2 className="story-preview__title">{title.trim() || 'Untitled story'}</h2>
      {teaser.trim() && <p className="story-preview__teaser">{teaser.trim()}</p>}
      {blocks.length === 0 ? (
        <p className="story-preview__empty">The story appears here as you write. Leave a blank line between paragraphs; a line with only an image URL becomes a picture.</p>
      ) : (
        blocks.map((block, index) =>
          block.kind === 'image' ? (
            <img key={index} className="story-preview__image" src={block.src} alt="" loading="lazy" />
          ) : (
            <p key={index} className="story-preview__paragraph">
              {block.text}
            </p>
          ),
        )
      )}
    </article>
  );
}
