import { describe, expect, it } from 'vitest';
import { HANDICAP_STEPS } from '../../src/lib/vocab/handicap.ts';
import {
  pickName,
  picksOf,
  TIP_PLAY_CODES,
  TIP_PLAYS,
  type TipPick,
  type TipPlay,
} from '../../src/lib/tips/plays.ts';
import { settleAgainstLine, settlePick, type FinalScore, type TipResult } from '../../src/lib/tips/settle.ts';

// The wording a buyer reads must be the bet that settlement pays: an away pick on a line from the
// home side is shown from the away side (issue 33: away picks read as the home side's handicap).

type Row = [TipPlay, TipPick, number | null, number, string];

// play, pick, stored line (from the home side, positive when home gives), sport, wording shown
const WORDING: Row[] = [
  ['spf', 'home', null, 1, '主胜'],
  ['spf', 'draw', null, 1, '平局'],
  ['spf', 'away', null, 1, '客胜'],
  // 竞彩 让球 is written on the home side for all three picks, as the lottery prints it
  ['rqspf', 'home', 1, 1, '让胜(-1)'],
  ['rqspf', 'draw', 1, 1, '让平(-1)'],
  ['rqspf', 'away', 1, 1, '让负(-1)'],
  ['rqspf', 'home', -2, 1, '让胜(+2)'],
  ['rqspf', 'away', -2, 1, '让负(+2)'],
  ['asia', 'home', 0, 1, '主队 平手'],
  ['asia', 'away', 0, 1, '客队 平手'],
  ['asia', 'home', 0.5, 1, '主队 让半球'],
  ['asia', 'away', 0.5, 1, '客队 受让半球'],
  ['asia', 'home', -0.5, 1, '主队 受让半球'],
  ['asia', 'away', -0.5, 1, '客队 让半球'],
  ['asia', 'home', 0.25, 1, '主队 让平/半'],
  ['asia', 'away', 0.25, 1, '客队 受让平/半'],
  ['asia', 'home', -0.75, 1, '主队 受让半/一'],
  ['asia', 'away', -0.75, 1, '客队 让半/一'],
  ['asia', 'home', 1.25, 1, '主队 让一/球半'],
  ['asia', 'away', 1.25, 1, '客队 受让一/球半'],
  ['asia', 'home', 5.5, 2, '主队 -5.5'],
  ['asia', 'away', 5.5, 2, '客队 +5.5'],
  ['asia', 'home', -3.5, 2, '主队 +3.5'],
  ['asia', 'away', -3.5, 2, '客队 -3.5'],
  ['ou', 'over', 2.5, 1, '大 2.5'],
  ['ou', 'under', 2.75, 1, '小 2.5/3'],
  ['ou', 'over', 3, 1, '大 3'],
  ['ou', 'under', 215.5, 2, '小 215.5'],
];

describe('锦囊 pick wording', () => {
  it.each(WORDING)('%s %s line %s (sport %s) reads "%s"', (play, pick, line, sport, text) => {
    expect(pickName(play, pick, line, sport)).toBe(text);
  });
});

/**
 * How a buyer reads the wording, written independently of pickName: which side, how much it
 * gives (受让 = negative), and so which final scores win. Quarter lines split as settlement does.
 */
function readerResult(text: string, sport: number, s: FinalScore): TipResult {
  const outcome = (d: number): TipPick => (d > 0 ? 'home' : d < 0 ? 'away' : 'draw');
  const diff = s.home - s.away;
  const simple = { 主胜: 'home', 平局: 'draw', 客胜: 'away' }[text];
  if (simple) return outcome(diff) === simple ? 'win' : 'lose';
  const rq = /^让(胜|平|负)\(([+-]?\d+)\)$/.exec(text);
  if (rq) {
    // "(-1)": the home side starts one goal down
    const want = { 胜: 'home', 平: 'draw', 负: 'away' }[rq[1]];
    return outcome(diff + Number(rq[2])) === want ? 'win' : 'lose';
  }
  const ou = /^(大|小) ([\d.]+)(?:\/([\d.]+))?$/.exec(text);
  if (ou) {
    const line = ou[3] ? (Number(ou[2]) + Number(ou[3])) / 2 : Number(ou[2]);
    const total = s.home + s.away;
    return ou[1] === '大' ? settleAgainstLine(total, line) : settleAgainstLine(-total, -line);
  }
  const asia = /^(主队|客队) (.+)$/.exec(text);
  if (!asia) throw new Error(`unreadable wording: ${text}`);
  const margin = asia[1] === '主队' ? diff : -diff;
  let gives: number;
  if (sport === 2) {
    gives = -Number(asia[2]); // "-5.5" gives 5.5 points, "+5.5" receives them
  } else {
    const m = /^(受让|让)?(.+)$/.exec(asia[2])!;
    const steps = HANDICAP_STEPS.indexOf(m[2] as (typeof HANDICAP_STEPS)[number]);
    if (steps < 0 || steps > 0 !== Boolean(m[1])) throw new Error(`unreadable handicap: ${text}`);
    gives = (m[1] === '受让' ? -steps : steps) / 4;
  }
  return settleAgainstLine(margin, gives);
}

const FOOTBALL_LINES = Array.from({ length: 29 }, (_, i) => (i - 14) / 4); // −3.5 … 3.5 by quarters
const BASKETBALL_LINES = [-12.5, -5.5, -3, -0.5, 0, 0.5, 3, 5.5, 12.5];
const LINES: Record<TipPlay, Record<number, (number | null)[]>> = {
  spf: { 1: [null] },
  rqspf: { 1: [-2, -1, 1, 2] },
  asia: { 1: FOOTBALL_LINES, 2: BASKETBALL_LINES },
  ou: { 1: [0.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.5, 4.25], 2: [180.5, 199, 215.5, 230.5] },
};

function scores(sport: number): FinalScore[] {
  const out: FinalScore[] = [];
  if (sport === 1) {
    for (let h = 0; h <= 6; h++) for (let a = 0; a <= 6; a++) out.push({ home: h, away: a });
  } else {
    for (const base of [90, 100, 108])
      for (let d = -15; d <= 15; d++) out.push({ home: base + d, away: base });
  }
  return out;
}

const CASES = TIP_PLAY_CODES.flatMap((play) =>
  (TIP_PLAYS[play].sports as readonly number[]).flatMap((sport) =>
    picksOf(play).flatMap((pick) => LINES[play][sport].map((line) => [play, pick, line, sport] as const)),
  ),
);

describe('锦囊 wording settles as a buyer reads it', () => {
  it.each(CASES)('%s %s line %s (sport %s)', (play, pick, line, sport) => {
    const text = pickName(play, pick, line, sport);
    for (const score of scores(sport)) {
      expect(settlePick(play, pick, line, score), `${text} at ${score.home}-${score.away}`).toBe(
        readerResult(text, sport, score),
      );
    }
  });
});
