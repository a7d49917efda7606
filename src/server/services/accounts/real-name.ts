import { eq } from 'drizzle-orm';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { maskIdCard, maskName } from '../../../lib/mask.ts';
import { idCardError, realNameError } from '../../../lib/validation.ts';
import { badRequest } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { realNames } from '../../db/schema/index.ts';
import type { Pii } from '../../pii.ts';

/**
 * Real-name verification (实名认证). The check is the ID number's own: province, birth date and
 * GB 11643 checksum; no outside registry is asked. Only masked values ever leave.
 */
export function createRealNameService(deps: { db: Db; pii: Pii }) {
  const { db, pii } = deps;
  const verified = async (userId: number) => (await db.$count(realNames, eq(realNames.userId, userId))) > 0;

  /** status 0 not verified, 1 verified. */
  async function get(userId: number) {
    const [r] = await db.select().from(realNames).where(eq(realNames.userId, userId));
    if (!r) return { status: 0, realName: null, idCard: null, verifiedAt: null };
    return {
      status: 1,
      realName: maskName(r.realName),
      idCard: r.idCardMasked,
      verifiedAt: r.verifiedAt.toISOString(),
    };
  }

  return {
    get,

    async submit(userId: number, input: { realName: string; idCard: string }) {
      const nameErr = realNameError(input.realName);
      if (nameErr) throw badRequest(nameErr);
      const idErr = idCardError(input.idCard);
      if (idErr) throw badRequest(idErr);
      const idCard = input.idCard.toUpperCase();
      if (await verified(userId)) throw badRequest(ACCOUNT_MSG.realNameDone);
      const hmac = pii.index(idCard);
      if ((await db.$count(realNames, eq(realNames.idCardHmac, hmac))) > 0)
        throw badRequest(ACCOUNT_MSG.idCardTaken);
      await db
        .insert(realNames)
        .values({
          userId,
          realName: input.realName,
          idCardEnc: pii.encrypt(idCard),
          idCardHmac: hmac,
          idCardMasked: maskIdCard(idCard),
        })
        .catch(async (err: unknown) => {
          // Lost a race: a double submit, or another account with the same ID number.
          if (isUniqueViolation(err))
            throw badRequest((await verified(userId)) ? ACCOUNT_MSG.realNameDone : ACCOUNT_MSG.idCardTaken);
          throw err;
        });
      return get(userId);
    },
  };
}
