import { usernameProblem } from '@app/shared';
import type { AuthUser } from '@app/shared/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type UserProfile, updateProfile } from '../../../api/profile';
import { queryKeys } from '../../../api/query-keys';
import { toast } from '../../../components/toast/toast-store';
import { uploadToMediaCloud } from '../../../features/upload';
import { updateAuthUser } from '../../../state/auth-store';
import { type ProfileProblems, problemsOf } from './profile-problems';
import { squareAvatar } from './square-avatar';

export interface ProfileFields {
  name: string | null;
  username: string | null;
  avatar: string | null;
}

/** The Account tab's profile form: name, username and avatar, saved together with update-profile. */
export function useEditProfile(saved: ProfileFields) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(saved.name ?? '');
  const [username, setUsername] = useState(saved.username ?? '');
  const [photo, setPhoto] = useState<{ blob: Blob; preview: string } | null>(null);
  const [problems, setProblems] = useState<ProfileProblems>({});
  const [saving, setSaving] = useState(false);

  // What the server holds arrives after the first render (the profile loads): the form follows it until edited.
  useEffect(() => setName(saved.name ?? ''), [saved.name]);
  useEffect(() => setUsername(saved.username ?? ''), [saved.username]);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.preview) : undefined), [photo]);

  const changes = {
    name: name.trim() !== (saved.name ?? '') && name.trim() !== '' ? name.trim() : undefined,
    username: username.trim().toLowerCase() !== (saved.username ?? '') && username.trim() !== '' ? username.trim().toLowerCase() : undefined,
  };
  const dirty = changes.name !== undefined || changes.username !== undefined || photo !== null;

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    setProblems(({ avatar: _, ...rest }) => rest);
    if (!file.type.startsWith('image/')) return setProblems((p) => ({ ...p, avatar: 'Please pick a photo (JPEG, PNG or WebP).' }));
    try {
      const blob = await squareAvatar(file);
      setPhoto({ blob, preview: URL.createObjectURL(blob) });
    } catch {
      setProblems((p) => ({ ...p, avatar: 'That photo could not be read. Please try another.' }));
    }
  };

  const save = async () => {
    const local: ProfileProblems = {};
    if (username.trim() === '' && saved.username) local.username = 'Username is required once set.';
    else if (changes.username !== undefined) {
      const problem = usernameProblem(changes.username);
      if (problem) local.username = problem;
    }
    if (name.trim() === '' && saved.name) local.name = 'Name cannot be empty.';
    setProblems(local);
    if (Object.keys(local).length > 0 || !dirty) return;
    setSaving(true);
    try {
      let avatar: string | undefined;
      if (photo) {
        try {
          avatar = (await uploadToMediaCloud(photo.blob, { folder: 'users/me', resourceType: 'image' })).url;
        } catch (error) {
          setProblems({ avatar: error instanceof Error ? error.message : 'The photo could not be uploaded.' });
          return;
        }
      }
      const answer = await updateProfile({ ...changes, ...(avatar ? { avatar } : {}) });
      remember(answer.profile);
      setPhoto(null);
      toast.success('Profile saved');
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setSaving(false);
    }
  };

  /** The new name and picture show everywhere at once: the session's user, the profile query, and every list that names creators. */
  const remember = (user: AuthUser) => {
    updateAuthUser({ name: user.name, username: user.username, avatar: user.avatar });
    queryClient.setQueryData<UserProfile>(queryKeys.profile(), (old) =>
      old
        ? { ...old, name: user.name, avatar: user.avatar, user: { ...old.user, ...user }, profile: { ...old.profile, ...user } }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.feed() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.trending() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.creator() });
  };

  return {
    name,
    username,
    preview: photo?.preview ?? saved.avatar,
    problems,
    saving,
    dirty,
    setName: (value: string) => {
      setName(value);
      setProblems(({ name: _, form: __, ...rest }) => rest);
    },
    setUsername: (value: string) => {
      setUsername(value);
      setProblems(({ username: _, form: __, ...rest }) => rest);
    },
    pickPhoto,
    save,
  };
}
