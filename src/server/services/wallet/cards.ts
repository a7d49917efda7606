import { and, asc, eq } from 'drizzle-orm';
import { fill } from '../../../lib/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { isBank } from '../../../lib/vocab/banks.ts';
import { bankCardError, MAX_BANK_CARDS, maskCardNo } from '../../../lib/wallet.ts';
import type { CardView } from '../../../lib/wallet-views.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { bankCards } from '../../db/schema/index.ts';
import type { Pii } from '../../pii.ts';
import type { createRealNameService } from '../accounts/real-name.ts';

type RealNameService = ReturnType<typeof createRealNameService>;

type CardRow = typeof bankCards.$inferSelect;

const cardView = (c: CardRow): CardView => ({
  id: c.id,
  bankName: c.bankName,
  cardNo: c.cardNoMasked,
  tail: c.cardNoMasked.slice(-4),
  holder: c.holderMasked,
  createdAt: c.createdAt.toISOString(),
});

/**
 * Bank cards for withdrawals. A card is held in the account's verified real name, so binding
 * needs real-name verification first. The number is stored encrypted, looked up by HMAC (one
 * card, one account) and only ever shown masked.
 */
export function createCardService(deps: { db: Db; pii: Pii; realName: RealNameService }) {
  const { db, pii, realName } = deps;
  const mine = (userId: number) =>
    db.select().from(bankCards).where(eq(bankCards.userId, userId)).orderBy(asc(bankCards.id));

  return {
    list: async (userId: number) => (await mine(userId)).map(cardView),

    async bind(userId: number, input: { cardNo: string; bankName: string }): Promise<CardView> {
      const cardNo = input.cardNo.replace(/\s/g, '');
      const err = bankCardError(cardNo);
      if (err) throw badRequest(err);
      if (!isBank(input.bankName)) throw badRequest(WALLET_MSG.bankInvalid);
      const real = await realName.get(userId);
      if (real.status !== 1 || !real.realName) throw badRequest(WALLET_MSG.realNameRequired);
      const hmac = pii.index(cardNo);
      const cards = await mine(userId);
      if (cards.some((c) => c.cardNoHmac === hmac)) throw badRequest(WALLET_MSG.bankCardBound);
      if (cards.length >= MAX_BANK_CARDS)
        throw badRequest(fill(WALLET_MSG.bankCardLimit, { max: MAX_BANK_CARDS }));
      try {
        const [card] = await db
          .insert(bankCards)
          .values({
            userId,
            bankName: input.bankName,
            cardNoEnc: pii.encrypt(cardNo),
            cardNoHmac: hmac,
            cardNoMasked: maskCardNo(cardNo),
            holderMasked: real.realName,
          })
          .returning();
        return cardView(card);
      } catch (e) {
        if (isUniqueViolation(e)) throw badRequest(WALLET_MSG.bankCardTaken);
        throw e;
      }
    },

    /** Someone else's card reads as missing: ids of other accounts' cards tell nothing. */
    async unbind(userId: number, cardId: number): Promise<void> {
      const gone = await db
        .delete(bankCards)
        .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId)))
        .returning({ id: bankCards.id });
      if (gone.length === 0) throw notFound(WALLET_MSG.bankCardNotFound);
    },

    /** The caller's own card row, for a withdrawal. */
    async own(userId: number, cardId: number): Promise<CardRow> {
      const [card] = await db
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId)));
      if (!card) throw notFound(WALLET_MSG.bankCardNotFound);
      return card;
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
