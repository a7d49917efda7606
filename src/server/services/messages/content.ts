import { fill } from '../../../lib/messages.ts';
import { DM_MSG } from '../../../lib/dm/messages.ts';
import { screenText } from '../../../lib/moderation/sensitive-words.ts';
import { DM_RULES, type DmKind } from '../../../lib/dm/types.ts';
import { badRequest } from '../../errors.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { cleanPostText } from '../community/guard.ts';

/**
 * What a message may hold: text is cleaned, bounded and passed through the sensitive-word list shared
 * with chat and community; a picture must be a file of our own storage (uploaded through
 * /user/common/multiUploadBase64), never a foreign or javascript: URL.
 */
export function messageContent(storage: StorageProvider) {
  return async function contentOf(kind: DmKind, raw: string): Promise<string> {
    if (kind === 'image') {
      const url = raw.trim();
      const name = storage.nameOf(url);
      if (!name || !(await storage.get(name))) throw badRequest(DM_MSG.dmImageInvalid);
      return url;
    }
    const text = cleanPostText(raw);
    if (!text) throw badRequest(DM_MSG.dmEmpty);
    if ([...text].length > DM_RULES.maxText)
      throw badRequest(fill(DM_MSG.dmTooLong, { max: DM_RULES.maxText }));
    const screened = screenText(text);
    if (screened.refused) throw badRequest(fill(DM_MSG.dmSensitive, { word: screened.refused }));
    return screened.text;
  };
}
