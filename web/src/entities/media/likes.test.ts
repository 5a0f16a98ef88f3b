import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../lib/create-store';
import { type ToggleLikeDeps, flipLike, likeKeyOf, likeTypeOf, toggleLikeMutation } from './likes';

const item = { id: 'm1', presetType: 'unreal-reflection', likes_count: 4 };

describe('likes', () => {
  it('keys a like by the preset kind with underscores and the id, a custom prompt without a kind', () => {
    expect(likeKeyOf(item)).toBe('unreal_reflection:m1');
    expect(likeTypeOf({ presetType: null })).toBe('custom_prompt');
    expect(likeKeyOf({ id: 'm2', presetType: null })).toBe('custom_prompt:m2');
  });

  it('likes at once, counting from the last count this tab saw', () => {
    const first = flipLike({}, {}, item);
    expect(first).toMatchObject({ was: false, before: 4, liked: { 'unreal_reflection:m1': true }, counts: { m1: 5 } });
    const second = flipLike(first.liked, first.counts, item);
    expect(second).toMatchObject({ was: true, before: 5, liked: { 'unreal_reflection:m1': false }, counts: { m1: 4 } });
  });

  it('never counts below zero', () => {
    expect(flipLike({ 'unreal_reflection:m1': true }, {}, { ...item, likes_count: 0 }).counts.m1).toBe(0);
  });
});

describe('the like toggle', () => {
  const setup = (send: ToggleLikeDeps['send']) => {
    const client = new QueryClient();
    const counts = createStore<Readonly<Record<string, number>>>({});
    const notifyFailure = vi.fn();
    const like = () => new MutationObserver(client, toggleLikeMutation(client, 'user-1', { send, counts, notifyFailure })).mutate(item);
    const liked = () => client.getQueryData<Record<string, boolean>>(['likes', 'user-1'])?.['unreal_reflection:m1'] ?? false;
    return { client, counts, notifyFailure, like, liked };
  };

  it('likes at once, then keeps what the server says', async () => {
    let answer!: (value: { liked: boolean; likesCount: number }) => void;
    const send = vi.fn((_item: unknown) => new Promise<{ liked: boolean; likesCount: number }>((resolve) => (answer = resolve)));
    const { counts, like, liked } = setup(send);
    const done = like();
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]?.[0]).toBe(item);
    expect(liked()).toBe(true);
    expect(counts.get().m1).toBe(5);
    answer({ liked: true, likesCount: 9 });
    await done;
    expect(counts.get().m1).toBe(9);
  });

  it('rolls the like back and says so when the server refuses', async () => {
    const { counts, notifyFailure, like, liked } = setup(async () => {
      throw new Error('500');
    });
    await expect(like()).rejects.toThrow('500');
    expect(liked()).toBe(false);
    expect(counts.get().m1).toBe(4);
    expect(notifyFailure).toHaveBeenCalledOnce();
  });
});
