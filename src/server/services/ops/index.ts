import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Kv } from '../../kv/kv.ts';
import type { SmsCodeService } from '../accounts/sms-codes.ts';
import type { WalletServices } from '../wallet/index.ts';
import { createOpsDashboard } from './dashboard.ts';
import { createOpsLog } from './log.ts';
import { createOpsMoney } from './money.ts';
import { createSecondFactor } from './second-factor.ts';
import { createStaffRoles } from './staff.ts';
import { createTopUpReviews } from './top-ups.ts';

/** The staff console's own services; each domain keeps its review actions in its own service. */
export function createOpsServices(
  db: Db,
  parts: { kv: Kv; codes: SmsCodeService; wallet: WalletServices; config: Config },
) {
  const log = createOpsLog(db);
  const secondFactor = createSecondFactor({ db, codes: parts.codes });
  const topUps = createTopUpReviews({ db, wallet: parts.wallet, log, secondFactor });
  return {
    log,
    dashboard: createOpsDashboard(db, parts.kv),
    secondFactor,
    money: createOpsMoney({
      db,
      wallet: parts.wallet,
      log,
      secondFactor,
      topUps,
      reviewAbove: parts.config.topUpReviewAbove,
    }),
    topUps,
    staff: createStaffRoles({ db, log }),
  };
}

export type OpsServices = ReturnType<typeof createOpsServices>;
