import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { z } from 'zod';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import { isTipPlay, type TipPick } from '../../../lib/tips/plays.ts';
import { TIP_RULES } from '../../../lib/tips/rules.ts';
import { isDateString } from '../../../lib/sports/time.ts';
import type { ApplicationInput } from '../../services/tips/experts.ts';
import type { PlanInput } from '../../services/tips/plans.ts';
import { invalidParam } from '../../errors.ts';
import { q, text, validate } from '../../validate.ts';

/** Readers for the tips bodies (URL prefix /svc/tj): each refusal names the field in Chinese (TIP_MSG). */

const field = invalidParam;
const chars = (s: string) => [...s].length;

function bounded(input: Record<string, unknown>, name: string, min: number, max: number, msg: string) {
  const v = text(input[name]);
  if (chars(v) < min || chars(v) > max) throw field(name, msg);
  return v;
}

export function planInputOf(input: Record<string, unknown>): PlanInput {
  const { matchId } = validate(z.object({ matchId: q.id() }), { matchId: text(input.matchId) || undefined });
  const play = text(input.play);
  if (!isTipPlay(play)) throw field('play', TIP_MSG.playUnknown);
  const pick = text(input.pick) as TipPick;
  if (!['home', 'draw', 'away', 'over', 'under'].includes(pick)) throw field('pick', TIP_MSG.pickUnknown);
  const priceText = text(input.price) || '0';
  const price = Number(priceText);
  if (!/^\d+$/.test(priceText) || price > TIP_RULES.maxPrice) throw field('price', TIP_MSG.price);
  // A JSON body may carry a real boolean; text() alone would read it as absent (0).
  const refund = input.refundOnLoss;
  const refundText = (typeof refund === 'boolean' ? String(refund) : text(refund)) || '0';
  if (!['0', '1', 'true', 'false'].includes(refundText)) throw field('refundOnLoss', TIP_MSG.refundOnLoss);
  return {
    matchId,
    play,
    pick,
    title: bounded(input, 'title', TIP_RULES.titleMin, TIP_RULES.titleMax, TIP_MSG.title),
    analysis: bounded(input, 'analysis', TIP_RULES.analysisMin, TIP_RULES.analysisMax, TIP_MSG.analysis),
    price,
    refundOnLoss: refundText === '1' || refundText === 'true',
  };
}

export function applicationOf(input: Record<string, unknown>): ApplicationInput {
  return {
    realName: bounded(input, 'realName', 2, 20, TIP_MSG.realName),
    title: bounded(input, 'title', 2, 20, TIP_MSG.expertTitle),
    intro: bounded(input, 'intro', 10, 500, TIP_MSG.intro),
    sampleRecord: bounded(input, 'sampleRecord', 10, 1000, TIP_MSG.sample),
  };
}

export const reasonOf = (input: Record<string, unknown>) => bounded(input, 'reason', 2, 200, TIP_MSG.reason);

/** ?sport (1|2), competitionId, date (YYYY-MM-DD): absent or bad values mean no filter, except a bad date. */
export function matchFilterOf(query: Record<string, string>) {
  const sport = query.sport === '1' || query.sport === '2' ? Number(query.sport) : undefined;
  const competitionId = Number(query.competitionId) > 0 ? Number(query.competitionId) : undefined;
  const date = query.date || undefined;
  if (date && !isDateString(date)) throw field('date', SPORTS_MSG.dateInvalid);
  return { sport, competitionId, date };
}

export const idOf = (name: string, v: unknown) =>
  validate(z.object({ [name]: q.id() }), { [name]: text(v) || undefined })[name] as number;
