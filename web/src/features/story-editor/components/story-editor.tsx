import type { Story } from '@app/shared/api/stories';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { FormMessage } from '../../../components/form/form-message';
import { LogoutIcon, PenIcon } from '../../../components/icons/line-icons';
import { showToast } from '../../../components/toast/toast-store';
import { queryKeys } from '../../../api/query-keys';
import { dropEditorToken, useEditorAccess } from '../editor-token';
import { editorErrorText } from '../story-editor-api';
import { useEditorStories, useStoryMutations } from '../use-story-editor';
import { StoryFormView } from './story-form-view';
import { StoryList } from './story-list';
import { TokenPrompt } from './token-prompt';
import '../../../components/form/forms.css';
import '../../../styles/stack.css';
import '../story-editor.css';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this story? This action cannot be undone.';

type View = { kind: 'list' } | { kind: 'form'; story: Story | null };

/** The story authoring tool (spec 3 §2, §4): the token gate, then the list or the form. */
export function StoryEditor() {
  const { token, notice } = useEditorAccess();
  return token ? <EditorWorkspace token={token} /> : <TokenPrompt notice={notice} />;
}

function EditorWorkspace({ token }: { token: string }) {
  const client = useQueryClient();
  const stories = useEditorStories(token);
  const { remove } = useStoryMutations();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [doomed, setDoomed] = useState<Story | null>(null);

  const logout = () => {
    client.removeQueries({ queryKey: queryKeys.storyEditor() });
    dropEditorToken();
  };

  const confirmDelete = () => {
    if (!doomed) return;
    remove.mutate(doomed.id, {
      onSuccess: () => showToast('success', { title: 'Story deleted successfully' }),
      onError: (error) => showToast('error', { title: `Failed to delete story: ${editorErrorText(error)}` }),
      onSettled: () => setDoomed(null),
    });
  };

  return (
    <div className="story-editor stack">
      <header className="story-editor__header">
        <div>
          <p className="eyebrow">Stories</p>
          <h1 className="story-editor__title">Story editor</h1>
        </div>
        <div className="story-editor__tools">
          {view.kind === 'list' && (
            <button type="button" className="button button--primary" onClick={() => setView({ kind: 'form', story: null })}>
              <PenIcon />
              New story
            </button>
          )}
          <button type="button" className="button" onClick={logout}>
            <LogoutIcon />
            Logout
          </button>
        </div>
      </header>

      {view.kind === 'form' ? (
        <StoryFormView key={view.story?.id ?? 'new'} editing={view.story} onDone={() => setView({ kind: 'list' })} />
      ) : stories.isPending ? (
        <div className="story-editor__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading stories…
        </div>
      ) : stories.isError ? (
        <FormMessage tone="error">{editorErrorText(stories.error)}</FormMessage>
      ) : (
        <StoryList stories={stories.data} onEdit={(story) => setView({ kind: 'form', story })} onDelete={setDoomed} />
      )}

      <ConfirmDialog
        open={doomed !== null}
        title="Delete this story?"
        message={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
