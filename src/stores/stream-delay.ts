import { atom } from 'nanostores';

/**
 * The live room being watched on this page: the match it shows and how far its picture is behind
 * real time. Follow alerts for that match wait this long (src/lib/follows/alert-hold.ts), so a
 * goal is never announced before the viewer sees it.
 */
export const $watching = atom<{ matchId: number; delayMs: number } | null>(null);
