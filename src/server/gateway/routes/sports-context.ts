import { notFound } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';

/** The sports routes' (sports-*.ts) service, and their 404 for what is not there. */

export const sports = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.sports;

/** The value, or a 404 envelope with `msg` when it is null. */
export function found<T>(value: T | null | undefined, msg: string): T {
  if (value === null || value === undefined) throw notFound(msg);
  return value;
}
