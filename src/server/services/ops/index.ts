import type { Db } from '../../db/client.ts';
import type { SmsCodeService } from '../accounts/sms-codes.ts';
import { createOpsDashboard } from './dashboard.ts';
import { createOpsLog } from './log.ts';
import { createSecondFactor } from './second-factor.ts';

/** The staff console's own services; each domain keeps its review actions in its own service. */
export function createOpsServices(db: Db, codes: SmsCodeService) {
  return {
    log: createOpsLog(db),
    dashboard: createOpsDashboard(db),
    secondFactor: createSecondFactor({ db, codes }),
  };
}

export type OpsServices = ReturnType<typeof createOpsServices>;
