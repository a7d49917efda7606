import type { Db } from '../../db/client.ts';
import type { Kv } from '../../kv/kv.ts';
import type { SmsCodeService } from '../accounts/sms-codes.ts';
import type { WalletServices } from '../wallet/index.ts';
import { createOpsDashboard } from './dashboard.ts';
import { createOpsLog } from './log.ts';
import { createOpsMoney } from './money.ts';
import { createSecondFactor } from './second-factor.ts';
import { createStaffRoles } from './staff.ts';

/** The staff console's own services; each domain keeps its review actions in its own service. */
export function createOpsServices(db: Db, parts: { kv: Kv; codes: SmsCodeService; wallet: WalletServices }) {
  const log = createOpsLog(db);
  const secondFactor = createSecondFactor({ db, codes: parts.codes });
  return {
    log,
    dashboard: createOpsDashboard(db, parts.kv),
    secondFactor,
    money: createOpsMoney({ db, wallet: parts.wallet, log, secondFactor }),
    staff: createStaffRoles({ db, log }),
  };
}

export type OpsServices = ReturnType<typeof createOpsServices>;
