import type { Db } from '../../db/client.ts';
import { createOpsDashboard } from './dashboard.ts';
import { createOpsLog } from './log.ts';

/** The staff console's own services; each domain keeps its review actions in its own service. */
export function createOpsServices(db: Db) {
  return { log: createOpsLog(db), dashboard: createOpsDashboard(db) };
}

export type OpsServices = ReturnType<typeof createOpsServices>;
