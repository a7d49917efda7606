import { MSG } from '../../../lib/messages.ts';
import { z } from 'zod';
import type { Caller } from '../../services/live/access.ts';
import { invalidParam } from '../../errors.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { MAX_ID, text, validate } from '../../validate.ts';

/** Small readers shared by the live-room routes (live-*.ts). */

type Ctx = { var: GatewayEnv['Variables'] };

export const live = (c: Ctx) => c.var.app.services.live;
/** The logged-in caller: only routes behind requireUser or requireAccess type-check with it. */
export const caller = (c: UserCtx): Caller => ({ id: c.var.user.id, roles: c.var.user.roles });
export const viewer = (c: Ctx): Caller | null =>
  c.var.user ? { id: c.var.user.id, roles: c.var.user.roles } : null;

/** A positive whole number, or undefined when the field is absent or empty. */
export function optionalId(input: Record<string, unknown>, field: string): number | undefined {
  const raw = text(input[field]);
  if (!raw) return undefined;
  return validate(z.object({ [field]: z.coerce.number().int().positive().max(MAX_ID) }), { [field]: raw })[
    field
  ];
}

/** The chat history's `afterId`: an id, or 0 for "from the first message" (a page that has seen none). */
export function afterId(input: Record<string, unknown>): number | undefined {
  const raw = text(input.afterId);
  if (!raw) return undefined;
  return validate(z.object({ afterId: z.coerce.number().int().min(0).max(MAX_ID) }), { afterId: raw })
    .afterId;
}

/** A required positive whole number field. */
export function requiredId(input: Record<string, unknown>, field: string): number {
  const id = optionalId(input, field);
  if (id === undefined) throw invalidParam(field, MSG.valueRequired);
  return id;
}

/** A whole number (0 allowed), or undefined when absent. */
export function optionalInt(input: Record<string, unknown>, field: string): number | undefined {
  const raw = text(input[field]);
  if (!raw) return undefined;
  return validate(
    z.object({
      [field]: z.coerce
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1),
    }),
    { [field]: raw },
  )[field];
}

/** A text field that is present (possibly empty), or undefined when absent. */
export const optionalText = (input: Record<string, unknown>, field: string) =>
  input[field] === undefined ? undefined : text(input[field]);

/** `rankType`: day | week | month (also 1 | 2 | 3), default day. */
export function rankPeriod(raw: unknown): 'day' | 'week' | 'month' {
  const v = text(raw) || 'day';
  const map: Record<string, 'day' | 'week' | 'month'> = {
    day: 'day',
    week: 'week',
    month: 'month',
    '1': 'day',
    '2': 'week',
    '3': 'month',
  };
  if (!map[v]) throw invalidParam('rankType', MSG.valueNotAllowed);
  return map[v];
}
