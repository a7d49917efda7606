import { MSG } from '../../../lib/messages.ts';
import { z } from 'zod';
import { YOULIAO_MSG, YOULIAO_RULES } from '../../../lib/youliao/rules.ts';
import type { CutInput } from '../../services/youliao/clips.ts';
import { invalidParam } from '../../errors.ts';
import { q, text, validate } from '../../validate.ts';

/** Readers for the 有料 bodies (URL prefix /svc/inform/movie): each refusal names the field in Chinese. */

const field = invalidParam;

/** Seconds as a number ("75", "75.5") or a clock ("1:15", "1:02:05"); NaN otherwise. */
export function clockSeconds(raw: string): number {
  if (/^\d{1,6}(\.\d{1,3})?$/.test(raw)) return Number(raw);
  const m = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2}(?:\.\d{1,3})?)$/.exec(raw);
  if (!m || Number(m[2]) > 59 || Number(m[3]) >= 60) return NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

function seconds(input: Record<string, unknown>, name: string) {
  const v = clockSeconds(text(input[name]));
  if (!Number.isFinite(v)) throw field(name, MSG.clipSecondsRule);
  return v;
}

export function cutInputOf(input: Record<string, unknown>): CutInput {
  const { sessionId } = validate(z.object({ sessionId: q.id() }), {
    sessionId: text(input.sessionId) || undefined,
  });
  const start = seconds(input, 'start');
  const end = seconds(input, 'end');
  const title = text(input.title);
  const chars = [...title].length;
  if (chars < YOULIAO_RULES.titleMin || chars > YOULIAO_RULES.titleMax)
    throw field('title', YOULIAO_MSG.title);
  const priceText = text(input.price) || '0';
  const price = Number(priceText);
  if (!/^\d{1,6}$/.test(priceText) || price > YOULIAO_RULES.maxPrice) throw field('price', YOULIAO_MSG.price);
  const sportText = text(input.sport);
  if (sportText && sportText !== '1' && sportText !== '2') throw field('sport', YOULIAO_MSG.sport);
  return { sessionId, start, end, title, price, sport: sportText ? Number(sportText) : undefined };
}

/** ?sport (1|2), sort (new|hot), pageNum, pageSize: unknown sport or sort values mean the default. */
export function listQueryOf(query: Record<string, string>) {
  const paging = validate(z.object({ pageNum: q.page(), pageSize: q.pageSize(YOULIAO_RULES.pageSize, 60) }), {
    pageNum: query.pageNum || undefined,
    pageSize: query.pageSize || undefined,
  });
  return {
    sport: query.sport === '1' || query.sport === '2' ? Number(query.sport) : undefined,
    sort: query.sort === 'hot' ? ('hot' as const) : ('new' as const),
    ...paging,
  };
}
