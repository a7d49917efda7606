import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { isCurrency, isTradeType } from '../../../lib/vocab/trade-types.ts';
import { wireDay } from '../../../lib/zh-date.ts';
import type { RecordFilter } from '../../services/wallet/records.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { unauthorized } from '../../errors.ts';
import { field, read, withPageParam } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/pay/record/* and the income export: the caller's trade records. */
export const recordRoutes = new Hono<GatewayEnv>();

const wallet = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet;

const day = () => field.optionalStr().transform((d) => (d === undefined ? undefined : wireDay(d)));

/** type (1–15), currency, startDate / endDate (YYYY-MM-DD, or 年/月/日 as typed) — each optional. */
const recordFilter = {
  type: field
    .optionalStr()
    .refine((t) => t === undefined || isTradeType(Number(t)), MSG.valueNotAllowed)
    .transform((t) => (t === undefined ? undefined : (Number(t) as RecordFilter['type']))),
  currency: field
    .optionalStr()
    .refine((cur) => cur === undefined || isCurrency(cur), MSG.valueNotAllowed)
    .transform((cur) => cur as RecordFilter['currency']),
  startDate: day(),
  endDate: day(),
};

const recordListInput = withPageParam({
  pageNum: field.page(),
  pageSize: field.pageSize(30, 100),
  ...recordFilter,
});
const exportInput = z.object(recordFilter);

/**
 * POST /pay/record/trans-list {type?, currency?, startDate?, endDate?, pageNum, pageSize (30)} →
 * {list[{id, type, typeName, currency, currencyName, amount (signed), balanceAfter, counterparty{id, nickName}|null, ref, note, createdAt}], total, pageNum, pageSize}.
 */
recordRoutes.post('/record/trans-list', requireUser, async (c) => {
  const { pageNum, pageSize, ...filter } = await read(c, recordListInput);
  return ok(c, await wallet(c).records.list(c.var.user.id, filter, pageNum, pageSize));
});

/** POST /pay/record/income: the same list, money coming in only. */
recordRoutes.post('/record/income', requireUser, async (c) => {
  const { pageNum, pageSize, ...filter } = await read(c, recordListInput);
  return ok(
    c,
    await wallet(c).records.list(c.var.user.id, { ...filter, incomeOnly: true }, pageNum, pageSize),
  );
});

/**
 * GET /pay/export/income/?type&currency&startDate&endDate → 收入明细.csv (UTF-8 with BOM). A plain
 * link downloads it, so besides the accessToken header the page's `token` cookie is accepted here.
 */
const exportIncome = async (c: Context<GatewayEnv>) => {
  const token = c.var.accessToken ?? getCookie(c, 'token') ?? null;
  const user = c.var.user ?? (token ? await c.var.app.services.sessions.userByToken(token) : null);
  if (!user) throw unauthorized();
  const csv = await wallet(c).records.incomeCsv(user.id, await read(c, exportInput));
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header(
    'content-disposition',
    `attachment; filename="income-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`收入明细-${day}.csv`)}`,
  );
  return c.body(csv);
};
const exportLimit = rateLimit({ name: 'export', max: 30, windowMs: 600_000 });
recordRoutes.get('/export/income/', exportLimit, exportIncome);
recordRoutes.get('/export/income', exportLimit, exportIncome);
