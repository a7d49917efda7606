import type { ServiceDeps } from '../deps.ts';
import { createMatchLookup } from '../live/matches.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { createExpertAdmin } from './experts.ts';
import { createPlanService } from './plans.ts';
import { createPurchaseService } from './purchase.ts';
import { createTipQueries } from './queries.ts';
import { createSettlementService } from './settlement.ts';
import { createPlanViews } from './views.ts';

/** 锦囊 (docs/tips.md): experts' plans, purchases through the ledger, settlement, records. */
export function createTipServices(
  deps: ServiceDeps,
  parts: { ledger: Ledger; ops: OpsServices; notices: NotificationService; now: () => number },
) {
  const { db } = deps;
  const settlement = createSettlementService({
    db,
    ledger: parts.ledger,
    pubsub: deps.pubsub,
    log: deps.log,
    notices: parts.notices,
  });
  const toViews = createPlanViews(db, createMatchLookup(db), parts.now);
  return {
    plans: createPlanService(db, parts.now),
    purchases: createPurchaseService(db, parts.ledger, parts.now),
    settlement,
    queries: createTipQueries(db, toViews, parts.now),
    experts: createExpertAdmin(db, parts.ops, settlement),
  };
}

export type TipServices = ReturnType<typeof createTipServices>;
