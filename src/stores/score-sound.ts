import { persistentJSON } from '@nanostores/persistent';

/** Whether a goal plays a short sound on the score pages (off until the visitor turns it on; kept on the device). */
export const $scoreSound = persistentJSON<boolean>('qyq:score-sound', false);

export function toggleScoreSound(): boolean {
  $scoreSound.set(!$scoreSound.get());
  return $scoreSound.get();
}
