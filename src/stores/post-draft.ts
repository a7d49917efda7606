import { persistentJSON } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type { Picture } from '../lib/community/types.ts';

/** The post being written on /v/posting, kept on this device until it is sent. */
export interface PostDraft {
  type: 1 | 2;
  circleId: number | null;
  content: string;
  pictures: Picture[];
  matchId: number | null;
}

export const EMPTY_DRAFT: PostDraft = { type: 1, circleId: null, content: '', pictures: [], matchId: null };

export const $postDraft = persistentJSON<PostDraft>('qyq:post-draft', EMPTY_DRAFT);

export const clearDraft = () => $postDraft.set(EMPTY_DRAFT);

/** Moves picture `from` one place left (-1) or right (+1) in `store` (the device draft by default). */
export function movePicture(from: number, step: -1 | 1, store: WritableAtom<PostDraft> = $postDraft): void {
  const pics = [...store.get().pictures];
  const to = from + step;
  if (to < 0 || to >= pics.length) return;
  [pics[from], pics[to]] = [pics[to], pics[from]];
  store.set({ ...store.get(), pictures: pics });
}
