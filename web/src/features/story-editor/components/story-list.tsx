import { storyCategoryLabel } from '@app/shared';
import type { Story } from '@app/shared/api/stories';
import { PenIcon, SparkleIcon, TrashIcon } from '../../../components/icons/line-icons';
import '../../../styles/cluster.css';

const updatedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

type StoryListProps = {
  stories: Story[];
  onEdit: (story: Story) => void;
  onDelete: (story: Story) => void;
};

/** The list view (spec 3 §4): every story with its status, category, date and length. */
export function StoryList({ stories, onEdit, onDelete }: StoryListProps) {
  if (stories.length === 0) {
    return (
      <div className="story-list__empty">
        <p className="story-list__empty-title">No stories yet</p>
        <p>Write the first one with New story.</p>
      </div>
    );
  }
  return (
    <table className="story-list">
      <thead>
        <tr className="caps-label">
          <th scope="col">Story</th>
          <th scope="col">Status</th>
          <th scope="col">Category</th>
          <th scope="col" className="story-list__number">
            Words
          </th>
          <th scope="col">Updated</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {stories.map((story) => (
          <tr key={story.id} className="story-list__row" data-story-id={story.id}>
            <td>
              <div className="story-list__title">{story.title}</div>
              <div className="story-list__meta">
                <span className="story-list__slug">/story/{story.slug}</span>
                {story.featured && (
                  <span className="story-list__featured inline-row">
                    <SparkleIcon />
                    Featured
                  </span>
                )}
              </div>
            </td>
            <td>
              <span className={`story-status story-status--${story.status}`}>{story.status}</span>
            </td>
            <td className="story-list__muted">{storyCategoryLabel(story.story_category)}</td>
            <td className="story-list__number story-list__muted">{story.word_count.toLocaleString('en-US')}</td>
            <td className="story-list__muted">
              <time dateTime={story.updated_at}>{updatedFormat.format(new Date(story.updated_at))}</time>
            </td>
            <td>
              <div className="story-list__actions">
                <button type="button" className="button button--small" onClick={() => onEdit(story)} aria-label={`Edit ${story.title}`}>
                  <PenIcon />
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--small button--ghost-danger"
                  onClick={() => onDelete(story)}
                  aria-label={`Delete ${story.title}`}
                >
                  <TrashIcon />
                  Delete
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
