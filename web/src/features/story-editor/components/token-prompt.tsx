import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { PenIcon } from '../../../components/icons/line-icons';
import { SecretPrompt } from '../../../components/secret-prompt/secret-prompt';
import { keepEditorToken } from '../editor-token';
import { editorErrorText, listEditorStories } from '../story-editor-api';

/** The gate (spec 3 §2): the editor token, kept once the server has listed the stories with it. */
export function TokenPrompt({ notice }: { notice: string | null }) {
  const client = useQueryClient();
  return (
    <SecretPrompt
      className="story-gate"
      icon={<PenIcon />}
      title="Story editor"
      hint="Enter the editor token to write, publish and retire stories."
      fieldId="story-editor-token"
      label="Editor token"
      submitLabel="Open the editor"
      notice={notice}
      trim
      check={async (token) => {
        // The check already fetched the list: the workspace starts from it.
        client.setQueryData(queryKeys.storyEditor(), await listEditorStories(token));
        keepEditorToken(token);
      }}
      errorText={editorErrorText}
    />
  );
}
