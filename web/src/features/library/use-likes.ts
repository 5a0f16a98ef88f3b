import { likeKey } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../components/toast/toast-store';
import { getUserLikes, toggleLike } from './api/media-api';
import type { LibraryItem } from './media-item';

/**
 * Which items the person has liked (getUserLikes) and the like toggle: optimistic, rolled back
 * when the server does not report success ('Failed to update like').
 */
export function useLikes(enabled: boolean, onCount: (id: string, likes: number) => void) {
  const [likes, setLikes] = useState<Record<string, boolean>>({});

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    getUserLikes()
      .then((answer) => current && setLikes(answer.likes ?? {}))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [enabled]);

  const keyOf = (item: LibraryItem) => likeKey(item.presetType ?? item.mediaType, item.id);
  const isLiked = useCallback((item: LibraryItem) => likes[keyOf(item)] === true || likes[item.id] === true, [likes]);

  const toggle = useCallback(
    async (item: LibraryItem) => {
      const key = keyOf(item);
      const was = likes[key] === true || likes[item.id] === true;
      setLikes((map) => ({ ...map, [key]: !was, [item.id]: !was }));
      onCount(item.id, Math.max(0, item.likes + (was ? -1 : 1)));
      try {
        const answer = await toggleLike(item.id, item.presetType ?? item.mediaType);
        if (!answer.success) throw new Error('not saved');
        setLikes((map) => ({ ...map, [key]: answer.liked, [item.id]: answer.liked }));
        onCount(item.id, Math.max(0, answer.likesCount));
      } catch {
        setLikes((map) => ({ ...map, [key]: was, [item.id]: was }));
        onCount(item.id, item.likes);
        toast.error('Error', 'Failed to update like');
      }
    },
    [likes, onCount],
  );

  return { isLiked, toggle };
}
