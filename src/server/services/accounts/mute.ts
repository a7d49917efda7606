import { eq } from 'drizzle-orm';
import { fill } from '../../../lib/messages.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { beijingDate, beijingTime } from '../../../lib/sports/time.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';

/** A mute still running at `until` refuses with the time it ends (Beijing time). */
export function refuseIfMuted(until: Date | null | undefined): void {
  if (until && until.getTime() > Date.now())
    throw forbidden(fill(LIVE_MSG.userMuted, { until: `${beijingDate(until)} ${beijingTime(until)}` }));
}

/**
 * A staff mute (/ops/users): until `users.muted_until` the user may not chat, post, comment or
 * write private messages (客服 stays open, so they can ask why). Every writing path calls this
 * (the live chat through its sender's standing, senders.ts, which reads it in the same statement).
 */
export async function assertNotMuted(db: Db, userId: number): Promise<void> {
  const [u] = await db.select({ until: users.mutedUntil }).from(users).where(eq(users.id, userId));
  refuseIfMuted(u?.until);
}
