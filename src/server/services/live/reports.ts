import { REPORT_REASONS } from '../../../lib/live/rules.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import type { Db } from '../../db/client.ts';
import { roomReports } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { RoomAccess } from './access.ts';
import { cleanText } from './chat.ts';

/** At most this many screenshots with a report. */
export const REPORT_IMAGES_MAX = 3;

/** 举报: a reason from the list, an optional note and screenshots uploaded to this site. */
export function createReportService(deps: { db: Db; access: RoomAccess; storage: StorageProvider }) {
  const { db, access, storage } = deps;
  return {
    async add(userId: number, input: { roomId: number; reason: string; detail?: string; images?: string[] }) {
      const room = await access.room(input.roomId);
      if (room.anchorId === userId) throw badRequest(COMMUNITY_MSG.reportOwnRoom);
      if (!(REPORT_REASONS as readonly string[]).includes(input.reason))
        throw badRequest(LIVE_MSG.reportReasonInvalid);
      const detail = cleanText(input.detail ?? '');
      if ([...detail].length > 200) throw badRequest(LIVE_MSG.reportDetailRule);
      const images = input.images ?? [];
      if (images.length > REPORT_IMAGES_MAX || images.some((url) => !storage.nameOf(url)))
        throw badRequest(ACCOUNT_MSG.uploadNotImage);
      const [row] = await db
        .insert(roomReports)
        .values({ reporterId: userId, roomId: room.id, reason: input.reason, detail, images })
        .returning({ id: roomReports.id });
      return { id: row.id };
    },
  };
}
