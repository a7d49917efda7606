import { pointsLineName, sideHandicapName, totalLineName } from '../vocab/handicap.ts';

/**
 * 锦囊 plays (docs/tips.md): football 胜平负 / 让球胜平负 (竞彩), 亚盘, 大小球; basketball 让分 and
 * 大小分. Lines are from the home side: positive when home gives goals or points.
 */
export const TIP_PLAYS = {
  spf: { name: '胜平负', picks: ['home', 'draw', 'away'], sports: [1] },
  rqspf: { name: '让球胜平负', picks: ['home', 'draw', 'away'], sports: [1] },
  asia: { name: '亚盘', picks: ['home', 'away'], sports: [1, 2] },
  ou: { name: '大小球', picks: ['over', 'under'], sports: [1, 2] },
} as const;

export type TipPlay = keyof typeof TIP_PLAYS;
export type TipPick = 'home' | 'draw' | 'away' | 'over' | 'under';
export const TIP_PLAY_CODES = Object.keys(TIP_PLAYS) as TipPlay[];

export const isTipPlay = (v: unknown): v is TipPlay => TIP_PLAY_CODES.includes(v as TipPlay);

/** The play's name for a sport: basketball says 让分 and 大小分. */
export function playName(play: TipPlay, sport: number): string {
  if (sport === 2) return play === 'asia' ? '让分' : '大小分';
  return TIP_PLAYS[play].name;
}

export function picksOf(play: TipPlay): readonly TipPick[] {
  return TIP_PLAYS[play].picks;
}

/** 主胜 / 平局 / 客胜 / 大球 / 小球 with the line where it matters. */
export function pickName(play: TipPlay, pick: TipPick, line: number | null, sport: number): string {
  const l = line ?? 0;
  if (play === 'spf') return { home: '主胜', draw: '平局', away: '客胜' }[pick as 'home'] ?? pick;
  if (play === 'rqspf') {
    // 竞彩 prints the 让球 on the home side for all three picks: 让负(-1) = home loses after giving one.
    return `${{ home: '让胜', draw: '让平', away: '让负' }[pick as 'home'] ?? pick}(${pointsLineName(l)})`;
  }
  if (play === 'asia') {
    // The stored line is the home side's; an away pick gives what home receives (settlePick mirrors it).
    const gives = pick === 'home' ? l : -l;
    const side = pick === 'home' ? '主队' : '客队';
    return `${side} ${sport === 2 ? pointsLineName(gives) : sideHandicapName(gives)}`;
  }
  return `${pick === 'over' ? '大' : '小'} ${sport === 2 ? String(l) : totalLineName(l)}`;
}
