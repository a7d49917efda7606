/**
 * The match timeline (比赛时间轴): one picture of the match over its clock, as a pure model the
 * server-rendered SVG (components/match/MatchTimeline.astro) draws. Positions are match minutes
 * (football: 0–90, 120 with extra time; basketball: game minutes played, 48 plus 5 per overtime);
 * the component maps them to x. docs/match-day.md says what each layer is computed from.
 */
import { clockText, minuteText, periodName } from './format.ts';

/** A match event as the sports service gives it (docs/sports-api.md §3 `…/events`). */
export interface TimelineEventIn {
  seq: number;
  type: string;
  typeName: string;
  side: number;
  minute: number | null;
  addedMinute: number | null;
  period: number | null;
  clockSeconds: number | null;
  playerName: string | null;
  otherPlayerName: string | null;
  detail: string | null;
  homeScore: number | null;
  awayScore: number | null;
}

/** A text-live line, without its words: what kind of moment, whose, when, and the score after it. */
export interface TimelineTextIn {
  kind: string;
  side: number | null;
  minute: number | null;
  period: number | null;
  clockSeconds: number | null;
  homeScore: number | null;
  awayScore: number | null;
  /** Feed time (ms). */
  at: number;
}

/** One change of the main company's price (odds_changes), opening price first. */
export interface OddsMoveIn {
  /** Feed time (ms). */
  at: number;
  live: boolean;
  minute: number | null;
  v1: number | null;
  v2: number | null;
  v3: number | null;
  line: number | null;
  lineName: string;
  homeScore: number | null;
  awayScore: number | null;
}

export interface TimelineInput {
  sport: 1 | 2;
  phase: string;
  /** Football: the running minute (45+2 → 45, 2); basketball: the period and seconds left on its clock. */
  minute: number | null;
  addedMinute: number | null;
  period: number | null;
  clockSeconds: number | null;
  /** Football: the match went to extra time (or is in it) / to a shoot-out. */
  extraTime: boolean;
  shootout: boolean;
  home: { name: string; periods: number[] | null };
  away: { name: string; periods: number[] | null };
  events: TimelineEventIn[];
  texts: TimelineTextIn[];
  odds: { company: string; eu: OddsMoveIn[]; asia: OddsMoveIn[] } | null;
}

export type MarkKind = 'goal' | 'own_goal' | 'yellow' | 'red' | 'sub' | 'miss' | 'var' | 'run';
export interface TimelineMark {
  at: number;
  side: 1 | 2;
  kind: MarkKind;
  /** The minute as shown: 23', 45+2' (football), 第三节 5:12 (basketball). */
  when: string;
  /** 23' 进球 萨拉赫（1-0）: the tooltip and the text alternative's line. */
  label: string;
}
export interface TimelineBoundary {
  at: number;
  label: string;
}
/** One momentum bucket: weighted attacking moments of each side between `from` and `to`. */
export interface MomentumBucket {
  from: number;
  to: number;
  home: number;
  away: number;
}
/** A point of an odds lane: the price or line in force from `at` on. */
export interface OddsPoint {
  at: number;
  /** 1X2: the home side's implied chance (margin removed), 0–1; handicap: the line (home gives > 0). */
  value: number;
  /** What the lane writes beside the point: the home price (1X2) or the line's name (handicap). */
  short: string;
  label: string;
}
export interface TimelineModel {
  sport: 1 | 2;
  /** Length of the axis in minutes. */
  end: number;
  /** Minutes played so far while the match is on; null before it starts and once it is over. */
  now: number | null;
  started: boolean;
  ticks: number[];
  boundaries: TimelineBoundary[];
  marks: TimelineMark[];
  /** Football only (empty for basketball). */
  momentum: MomentumBucket[];
  /** Basketball only: the score margin (home − away) over the game, from 0 at the tip-off. */
  margin: { at: number; value: number }[];
  odds: {
    company: string;
    /** Before kick-off: the opening price and the last one before the start. */
    euOpen: string | null;
    euKickoff: string | null;
    eu: OddsPoint[];
    asiaOpen: string | null;
    asiaKickoff: string | null;
    asia: OddsPoint[];
  } | null;
  /** The text alternative, one line each, in match order. */
  summary: string[];
}

/** The last regular minute of each football phase (1st/2nd half, extra-time halves). */
const PHASE_END: Record<number, number> = { 1: 45, 2: 90, 3: 105, 4: 120 };
/** Width of a momentum bucket, in minutes. */
export const MOMENTUM_BUCKET = 5;
/** How much each kind of moment counts towards its side's momentum (docs/match-day.md). */
export const MOMENTUM_WEIGHTS = { goal: 3, chance: 2, info: 1 } as const;

/**
 * A football minute on the axis: regular minute m sits in the middle of its minute (m − 0.5);
 * stoppage time (45+2) is squeezed into the last half-minute before the phase's end, so 45+5
 * never lands on the second half.
 */
export function footballAt(minute: number, added: number | null): number {
  if (added) return minute - 0.5 + (0.5 * Math.min(added, 10)) / 11;
  return Math.max(0, minute - 0.5);
}

/** A raw football minute of a phase (47 in the first half) as minute and stoppage (45, 2). */
export function splitMinute(minute: number, period: number | null): [number, number | null] {
  const cap = period === null ? undefined : PHASE_END[period];
  return cap !== undefined && minute > cap ? [cap, minute - cap] : [minute, null];
}

/** Basketball: game minutes played at `clockSeconds` left in `period` (12-minute quarters, 5-minute overtimes). */
export function basketballAt(period: number, clockSeconds: number | null): number {
  const start = period <= 4 ? (period - 1) * 12 : 48 + (period - 5) * 5;
  const length = period <= 4 ? 12 : 5;
  if (clockSeconds === null) return start + length;
  return start + length - Math.max(0, Math.min(length * 60, clockSeconds)) / 60;
}

const GOALS = new Set(['goal', 'own_goal', 'penalty']);
const score = (h: number | null, a: number | null) => (h === null || a === null ? '' : `（${h}-${a}）`);

function markOf(e: TimelineEventIn, sport: 1 | 2): TimelineMark | null {
  const side = e.side === 2 ? 2 : 1;
  const kind: MarkKind | null = GOALS.has(e.type)
    ? e.type === 'own_goal'
      ? 'own_goal'
      : 'goal'
    : e.type === 'yellow'
      ? 'yellow'
      : e.type === 'red' || e.type === 'yellow_red'
        ? 'red'
        : e.type === 'substitution'
          ? 'sub'
          : e.type === 'penalty_missed'
            ? 'miss'
            : e.type === 'var'
              ? 'var'
              : e.type === 'run'
                ? 'run'
                : null;
  if (!kind) return null;
  if (sport === 2) {
    if (e.period === null) return null;
    const when = `${periodName(e.period)}${e.clockSeconds === null ? '' : ` ${clockText(e.clockSeconds)}`}`;
    const at = basketballAt(e.period, e.clockSeconds);
    return { at, side, kind, when, label: `${when} ${e.typeName} ${e.detail ?? ''}`.trim() };
  }
  if (e.minute === null) return null;
  const when = minuteText(e.minute, e.addedMinute);
  const who =
    kind === 'sub'
      ? `${e.playerName ?? ''} 上${e.otherPlayerName ? `，${e.otherPlayerName} 下` : ''}`
      : (e.playerName ?? '');
  const extra = GOALS.has(e.type) ? score(e.homeScore, e.awayScore) : '';
  return {
    at: footballAt(e.minute, e.addedMinute),
    side,
    kind,
    when,
    label: `${when} ${e.typeName}${who ? ` ${who}` : ''}${extra}`,
  };
}

/** The home side's implied chance from a 1X2 price, the bookmaker's margin taken out. */
export function homeChance(v1: number | null, v2: number | null, v3: number | null): number | null {
  const prices = [v1, v2, v3].filter((v): v is number => v !== null && v > 0);
  if (v1 === null || v1 <= 0 || prices.length < 2) return null;
  const book = prices.reduce((s, v) => s + 1 / v, 0);
  return 1 / v1 / book;
}

const euText = (c: OddsMoveIn) =>
  [c.v1, c.v2, c.v3]
    .filter((v) => v !== null)
    .map((v) => v!.toFixed(2))
    .join(' / ');
const asiaText = (c: OddsMoveIn) =>
  `${c.lineName || '-'}${c.v1 !== null && c.v3 !== null ? ` ${c.v1.toFixed(2)} / ${c.v3.toFixed(2)}` : ''}`;

/** The phase a football moment at feed time `at` belongs to: that of the text-live line just before it. */
function phaseAt(texts: TimelineTextIn[], at: number): number | null {
  let period: number | null = null;
  for (const t of texts) if (t.at <= at && t.period !== null) period = t.period;
  return period;
}

/**
 * Where an in-play price change falls on the axis, and its minute as shown. Basketball changes carry
 * game minutes; a football change's minute is the raw minute of its phase (47 may be 45+2), so the
 * phase is read from the text live.
 */
function oddsWhen(c: OddsMoveIn, sport: 1 | 2, texts: TimelineTextIn[]): { at: number; text: string } | null {
  if (!c.live || c.minute === null) return null;
  if (sport === 2) return { at: c.minute, text: `第${c.minute}分钟` };
  const [m, added] = splitMinute(c.minute, phaseAt(texts, c.at));
  return { at: footballAt(m, added), text: minuteText(m, added) };
}

function oddsLane(
  moves: OddsMoveIn[],
  input: TimelineInput,
  value: (c: OddsMoveIn) => number | null,
  text: (c: OddsMoveIn) => string,
  short: (c: OddsMoveIn) => string,
  name: string,
) {
  const pre = moves.filter((c) => !c.live);
  const open = pre[0] ?? null;
  const kickoff = pre.at(-1) ?? null;
  const points: OddsPoint[] = [];
  const push = (at: number, c: OddsMoveIn, when: string) => {
    const v = value(c);
    if (v === null) return;
    points.push({
      at,
      value: v,
      short: short(c),
      label: `${when} ${name} ${text(c)}${score(c.homeScore, c.awayScore)}`,
    });
  };
  if (kickoff && input.phase !== 'scheduled') push(0, kickoff, '开赛');
  for (const c of moves) {
    const when = oddsWhen(c, input.sport, input.texts);
    if (when) push(when.at, c, `${when.text} 即时`);
  }
  return {
    open: open ? text(open) : null,
    kickoff: kickoff && kickoff !== open ? text(kickoff) : null,
    points,
  };
}

/** Minutes played so far (the "now" line), from the running clock. */
function playedNow(input: TimelineInput): number | null {
  if (input.phase === 'scheduled' || input.phase === 'finished' || input.phase === 'void') return null;
  if (input.sport === 2)
    return input.period === null ? null : basketballAt(input.period, input.clockSeconds ?? 0);
  if (input.minute === null) return null;
  return input.addedMinute ? footballAt(input.minute, input.addedMinute) + 0.05 : input.minute;
}

/** Football momentum: weighted attacking moments per side in 5-minute buckets, up to the minute played. */
export function footballMomentum(
  events: TimelineEventIn[],
  texts: TimelineTextIn[],
  end: number,
  upTo: number | null,
): MomentumBucket[] {
  const last = Math.min(end, upTo === null ? end : Math.ceil(upTo / MOMENTUM_BUCKET) * MOMENTUM_BUCKET);
  const buckets: MomentumBucket[] = [];
  for (let from = 0; from < last; from += MOMENTUM_BUCKET)
    buckets.push({ from, to: from + MOMENTUM_BUCKET, home: 0, away: 0 });
  const add = (at: number, side: number | null, w: number) => {
    const b = buckets[Math.min(buckets.length - 1, Math.floor(at / MOMENTUM_BUCKET))];
    if (!b || (side !== 1 && side !== 2)) return;
    if (side === 1) b.home += w;
    else b.away += w;
  };
  for (const e of events)
    if (GOALS.has(e.type) && e.minute !== null)
      add(footballAt(e.minute, e.addedMinute), e.side, MOMENTUM_WEIGHTS.goal);
  for (const t of texts) {
    if (t.minute === null || t.side === null) continue;
    const w = t.kind === 'chance' ? MOMENTUM_WEIGHTS.chance : t.kind === 'info' ? MOMENTUM_WEIGHTS.info : 0;
    if (w) add(footballAt(...splitMinute(t.minute, t.period)), t.side, w);
  }
  return buckets;
}

/**
 * Basketball margin (home − away) over the game: 0 at the tip-off, then the score after every basket
 * the text live records, and the end of every period from the period scores (which are there even
 * when the text live is not).
 */
export function basketballMargin(input: TimelineInput): { at: number; value: number }[] {
  const pts = new Map<number, number>();
  if (input.phase !== 'scheduled') pts.set(0, 0);
  const hp = input.home.periods ?? [];
  const ap = input.away.periods ?? [];
  const played = playedNow(input);
  let h = 0;
  let a = 0;
  for (let p = 0; p < Math.min(hp.length, ap.length); p++) {
    h += hp[p] ?? 0;
    a += ap[p] ?? 0;
    const at = basketballAt(p + 1, 0);
    // A period still being played ends later than now: its running total is placed at the basket.
    if (played === null || at <= played) pts.set(at, h - a);
  }
  for (const t of input.texts) {
    if (t.kind !== 'score' || t.period === null || t.homeScore === null || t.awayScore === null) continue;
    pts.set(basketballAt(t.period, t.clockSeconds), t.homeScore - t.awayScore);
  }
  return [...pts.entries()].sort((x, y) => x[0] - y[0]).map(([at, value]) => ({ at, value }));
}

/** The timeline of one match, ready to draw. */
export function buildTimeline(input: TimelineInput): TimelineModel {
  const { sport } = input;
  const started = input.phase !== 'scheduled';
  const now = playedNow(input);
  let end: number;
  const boundaries: TimelineBoundary[] = [];
  let ticks: number[];
  const over = input.phase === 'finished';
  if (sport === 1) {
    end = input.extraTime ? 120 : 90;
    boundaries.push({ at: 45, label: '半场' });
    boundaries.push({ at: 90, label: input.extraTime ? '加时' : '全场' });
    if (input.extraTime) {
      boundaries.push({ at: 105, label: '加时下' });
      boundaries.push({ at: 120, label: input.shootout ? '点球' : '全场' });
    }
    ticks = input.extraTime ? [0, 15, 30, 45, 60, 75, 90, 105, 120] : [0, 15, 30, 45, 60, 75, 90];
  } else {
    const periods = Math.max(
      4,
      input.home.periods?.length ?? 0,
      input.away.periods?.length ?? 0,
      input.period ?? 0,
    );
    end = 48 + (periods - 4) * 5;
    ticks = [0, 12, 24, 36, 48];
    for (let p = 2; p <= periods; p++) {
      const at = basketballAt(p, null) - (p <= 4 ? 12 : 5);
      boundaries.push({ at, label: p === 3 ? '半场' : periodName(p, true) });
      if (p > 4) ticks.push(at + 5);
    }
    boundaries.push({ at: end, label: '全场' });
  }
  const marks = input.events
    .map((e) => markOf(e, sport))
    .filter((m): m is TimelineMark => m !== null)
    .sort((a, b) => a.at - b.at);
  const momentum = sport === 1 && started ? footballMomentum(input.events, input.texts, end, now) : [];
  const margin = sport === 2 ? basketballMargin(input) : [];

  let odds: TimelineModel['odds'] = null;
  if (input.odds && (input.odds.eu.length || input.odds.asia.length)) {
    const eu = oddsLane(
      input.odds.eu,
      input,
      (c) => homeChance(c.v1, c.v2, c.v3),
      euText,
      (c) => c.v1?.toFixed(2) ?? '',
      '欧赔',
    );
    const asia = oddsLane(
      input.odds.asia,
      input,
      (c) => c.line,
      asiaText,
      (c) => c.lineName,
      sport === 2 ? '让分' : '亚盘',
    );
    odds = {
      company: input.odds.company,
      euOpen: eu.open,
      euKickoff: eu.kickoff,
      eu: eu.points,
      asiaOpen: asia.open,
      asiaKickoff: asia.kickoff,
      asia: asia.points,
    };
  }

  const summary: string[] = [];
  const sideName = (s: 1 | 2) => (s === 1 ? input.home.name : input.away.name);
  for (const m of marks) summary.push(`${m.label}（${sideName(m.side)}）`);
  if (momentum.length) {
    const halves = sport === 1 ? momentumText(momentum, input.home.name, input.away.name) : [];
    summary.push(...halves);
  }
  if (margin.length > 1) summary.push(...marginText(margin, input));
  if (odds) {
    if (odds.euOpen)
      summary.push(
        `${odds.company} 欧赔 初盘 ${odds.euOpen}${odds.euKickoff ? `，开赛前 ${odds.euKickoff}` : ''}`,
      );
    const euLive = odds.eu.filter((p) => p.at > 0);
    if (euLive.length) summary.push(`欧赔滚球变动 ${euLive.length} 次，最后：${euLive.at(-1)!.label}`);
    if (odds.asiaOpen)
      summary.push(
        `${odds.company} ${sport === 2 ? '让分' : '亚盘'} 初盘 ${odds.asiaOpen}${odds.asiaKickoff ? `，开赛前 ${odds.asiaKickoff}` : ''}`,
      );
    const asiaLive = odds.asia.filter((p) => p.at > 0);
    if (asiaLive.length)
      summary.push(
        `${sport === 2 ? '让分' : '亚盘'}滚球变动 ${asiaLive.length} 次，最后：${asiaLive.at(-1)!.label}`,
      );
  }
  return {
    sport,
    end,
    now: over ? null : now,
    started,
    ticks,
    boundaries,
    marks,
    momentum,
    margin,
    odds,
    summary,
  };
}

/** 上半场 / 下半场 (and 加时): which side had more of the momentum. */
function momentumText(buckets: MomentumBucket[], home: string, away: string): string[] {
  const spans: [string, number, number][] = [
    ['上半场', 0, 45],
    ['下半场', 45, 90],
    ['加时赛', 90, 120],
  ];
  const out: string[] = [];
  for (const [name, from, to] of spans) {
    const inSpan = buckets.filter((b) => b.from >= from && b.to <= to);
    if (!inSpan.length) continue;
    const h = inSpan.reduce((s, b) => s + b.home, 0);
    const a = inSpan.reduce((s, b) => s + b.away, 0);
    const lead = h === a ? '双方势均力敌' : `${h > a ? home : away}攻势更盛`;
    out.push(`${name}攻势：${home} ${h}，${away} ${a}，${lead}`);
  }
  return out;
}

function marginText(margin: { at: number; value: number }[], input: TimelineInput): string[] {
  const max = margin.reduce((b, p) => (p.value > b.value ? p : b), margin[0]);
  const min = margin.reduce((b, p) => (p.value < b.value ? p : b), margin[0]);
  const out: string[] = [];
  if (max.value > 0)
    out.push(`${input.home.name}最多领先 ${max.value} 分（第${Math.ceil(max.at) || 1}分钟）`);
  if (min.value < 0)
    out.push(`${input.away.name}最多领先 ${-min.value} 分（第${Math.ceil(min.at) || 1}分钟）`);
  const last = margin.at(-1)!;
  out.push(
    last.value === 0
      ? '目前比分持平'
      : `${last.value > 0 ? input.home.name : input.away.name}${input.phase === 'finished' ? '最终' : '目前'}领先 ${Math.abs(last.value)} 分`,
  );
  return out;
}
