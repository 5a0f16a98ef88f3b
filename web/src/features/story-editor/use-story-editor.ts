import type { Story, StoryInput } from '@app/shared/api/stories';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { deleteStory, listEditorStories, saveStory } from './story-editor-api';

/** Every story, newest change first, while the editor holds a token. */
export function useEditorStories(token: string | null) {
  return useQuery({
    queryKey: queryKeys.storyEditor(),
    queryFn: ({ signal }) => listEditorStories(undefined, signal),
    enabled: token !== null,
    select: (stories: Story[]) => [...stories].sort((a, b) => b.updated_at.localeCompare(a.updated_at)),
  });
}

/** A save or a delete reloads the list (spec 3 §4). */
export function useStoryMutations() {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.storyEditor() });
  const save = useMutation({
    mutationFn: ({ input, id }: { input: StoryInput; id: string | null }) => saveStory(input, id),
    onSuccess: reload,
  });
  const remove = useMutation({ mutationFn: deleteStory, onSuccess: reload });
  return { save, remove };
}
