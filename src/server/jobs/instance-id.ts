import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Names this process in leases: readable (host or the cluster's instance name, and pid) and unique
 * (a restarted process with the same pid is still another holder).
 */
export const INSTANCE_ID = `${process.env.INSTANCE_NAME ?? hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
