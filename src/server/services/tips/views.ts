import { and, eq, inArray } from 'drizzle-orm';
import { pickName, playName, type TipPick, type TipPlay } from '../../../lib/tips/plays.ts';
import { refundNotice } from '../../../lib/tips/messages.ts';
import { TIP_STATUS_NAME } from '../../../lib/tips/rules.ts';
import { RESULT_NAME, type TipResult } from '../../../lib/tips/settle.ts';
import type { ExpertBrief, PlanView } from '../../../lib/tips/types.ts';
import type { Db } from '../../db/client.ts';
import { experts, tipPlans, tipPurchases, users } from '../../db/schema/index.ts';
import type { MatchLookup } from '../live/matches.ts';
import { planHash } from './hash.ts';

export type PlanRow = typeof tipPlans.$inferSelect;

/** Experts' names, pictures and titles by user id. */
export async function expertBriefs(db: Db, ids: number[]): Promise<Map<number, ExpertBrief>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ userId: users.id, nickName: users.nickName, portrait: users.portrait, title: experts.title })
    .from(users)
    .leftJoin(experts, eq(experts.userId, users.id))
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.userId, { ...r, title: r.title ?? '' }]));
}

/**
 * Plans as a viewer sees them: the pick, odds, analysis and the hash's salt only once unlocked (free,
 * bought, the expert's own, or the match over). The hash is recomputed so the page can show it still
 * matches.
 */
export function createPlanViews(db: Db, lookup: MatchLookup, now: () => number) {
  return async function toViews(rows: PlanRow[], viewerId: number | null): Promise<PlanView[]> {
    if (!rows.length) return [];
    const [briefs, games, bought] = await Promise.all([
      expertBriefs(
        db,
        rows.map((r) => r.expertId),
      ),
      lookup.briefs(rows.map((r) => r.matchId)),
      viewerId
        ? db
            .select({
              planId: tipPurchases.planId,
              price: tipPurchases.price,
              refundedAt: tipPurchases.refundedAt,
            })
            .from(tipPurchases)
            .where(
              and(
                eq(tipPurchases.userId, viewerId),
                inArray(
                  tipPurchases.planId,
                  rows.map((r) => r.id),
                ),
              ),
            )
        : Promise.resolve([]),
    ]);
    const mine = new Set(bought.map((b) => b.planId));
    const refunds = new Map(bought.filter((b) => b.refundedAt).map((b) => [b.planId, b.price]));
    return rows.flatMap((r) => {
      const match = games.get(r.matchId);
      const expert = briefs.get(r.expertId);
      if (!match || !expert) return [];
      const over = r.status !== 'open' || match.phase === 'finished' || match.phase === 'void';
      // The rule of openMatch (publish and buy), so a plan is never shown 在售 that buying refuses.
      const onSale =
        r.status === 'open' && match.phase === 'scheduled' && Date.parse(match.kickoffAt) > now();
      const unlocked = r.price === 0 || mine.has(r.id) || r.expertId === viewerId || over;
      const play = r.play as TipPlay;
      const resultName = r.result ? RESULT_NAME[r.result as TipResult] : null;
      const refunded = refunds.get(r.id) ?? 0;
      return [
        {
          id: r.id,
          expert,
          match,
          play,
          playName: playName(play, r.sport),
          title: r.title,
          price: r.price,
          refundOnLoss: r.refundOnLoss,
          publishedAt: r.publishedAt.toISOString(),
          contentHash: r.contentHash,
          hashVerified: planHash(r) === r.contentHash,
          // The salt opens the hash to anyone's check, so it goes with the pick and no earlier.
          hashSalt: unlocked ? r.hashSalt : null,
          status: r.status,
          onSale,
          statusName: TIP_STATUS_NAME[r.status === 'open' && !onSale ? 'closed' : r.status] ?? r.status,
          result: r.result,
          resultName,
          settledScore: r.settledScore,
          settledAt: r.settledAt?.toISOString() ?? null,
          sold: r.sold,
          bought: mine.has(r.id),
          refunded,
          refundNotice: refunded > 0 ? refundNotice(r.status, resultName, refunded) : null,
          unlocked,
          line: unlocked ? r.line : null,
          odds: unlocked ? r.odds : null,
          pick: unlocked ? r.pick : null,
          pickName: unlocked ? pickName(play, r.pick as TipPick, r.line, r.sport) : null,
          analysis: unlocked ? r.analysis : null,
        },
      ];
    });
  };
}

export type PlanViews = ReturnType<typeof createPlanViews>;
