import type { Rng } from '../../../sports/rng.ts';
import { tieWonLine } from '../../../../lib/sports/knockout-ties.ts';

/** Chinese text-live lines (文字直播). Each function returns one line; `rng` picks the wording. */
type Score = [number, number];
const sc = (home: string, away: string, s: Score) => `${home} ${s[0]}-${s[1]} ${away}`;
/** Basketball reads 客 vs 主 (src/lib/match/format.ts sidesInOrder): "广州 48-50 浙江稠州". */
const bsc = (home: string, away: string, s: Score) => `${away} ${s[1]}-${s[0]} ${home}`;

export const fbText = {
  kickoff: (rng: Rng, home: string, away: string) =>
    rng.pick([
      `比赛开始！${home}主场迎战${away}，双方开球。`,
      `主裁判一声哨响，${home}与${away}的比赛正式开始。`,
    ]),
  goal: (rng: Rng, team: string, scorer: string, assist: string | null, line: string) =>
    rng.pick([
      `进球！${team}的${scorer}${assist ? `接${assist}传球` : ''}破门得分！${line}`,
      `球进了！${scorer}${assist ? `在${assist}的助攻下` : ''}为${team}打入一球，${line}`,
      `进球！${team}${scorer}${rng.pick(['推射', '头球', '抽射', '低射'])}${rng.pick(['破门', '建功', '得手'])}！${line}`,
    ]),
  penaltyGoal: (team: string, scorer: string, line: string) =>
    `点球命中！${team}的${scorer}主罚点球稳稳罚进。${line}`,
  ownGoal: (team: string, player: string, line: string) =>
    `乌龙球！${player}不慎将球打进自家球门，${team}得分。${line}`,
  penaltyMissed: (rng: Rng, team: string, player: string) =>
    rng.pick([
      `点球罚失！${team}的${player}主罚的点球被门将扑出。`,
      `${team}获得点球，${player}一蹴而就……球打偏了！`,
    ]),
  yellow: (team: string, player: string) => `黄牌！${team}的${player}犯规动作过大，被主裁判出示黄牌。`,
  red: (team: string, player: string) => `红牌！${team}的${player}被直接罚下，${team}只能少一人应战。`,
  secondYellow: (team: string, player: string) => `两黄变一红！${team}的${player}再吃一张黄牌被罚下场。`,
  sub: (team: string, on: string, off: string) => `${team}换人：${on}替换${off}登场。`,
  varCheck: (rng: Rng, team: string) =>
    rng.pick([
      `VAR介入！主裁判观看回放后维持原判。`,
      `VAR复核${team}禁区内的一次争抢，最终判定不是点球。`,
      `VAR检查越位，进球有效！`,
    ]),
  corner: (team: string) => `${team}获得角球。`,
  halfTime: (home: string, away: string, s: Score) => `上半场比赛结束，${sc(home, away, s)}。`,
  secondHalf: () => '下半场比赛开始。',
  extraTime: (onAggregate: boolean) =>
    onAggregate ? '两回合总比分战平，比赛进入加时赛。' : '常规时间战平，比赛进入加时赛。',
  extraHalf: () => '加时赛下半场开始。',
  shootout: () => '加时赛结束仍未分出胜负，双方进入点球大战！',
  shootoutKick: (team: string, player: string, scored: boolean, pk: Score) =>
    scored
      ? `${team}的${player}罚进点球，点球大战比分 ${pk[0]}-${pk[1]}。`
      : `${team}的${player}罚丢点球！点球大战比分 ${pk[0]}-${pk[1]}。`,
  fullTime: (home: string, away: string, s: Score, pk: Score | null) =>
    pk
      ? `比赛结束！${sc(home, away, s)}，点球大战 ${pk[0]}-${pk[1]}。`
      : `全场比赛结束，最终比分 ${sc(home, away, s)}。`,
  /** After a decider's last whistle: a two-legged tie's aggregate and who goes through, or the champion. */
  tieWon: tieWonLine,
  interrupted: () => '比赛因场外原因暂时中断。',
  resumed: () => '比赛恢复进行。',
  postponed: (home: string, away: string) => `${home}与${away}的比赛因故推迟进行，具体时间另行通知。`,
  filler: (rng: Rng, team: string, player: string) =>
    rng.pick([
      `${team}的${player}禁区外远射，皮球稍稍偏出立柱。`,
      `${team}打出一次快速反击，${player}的传中被后卫解围。`,
      `${player}突破后射门，被门将没收。`,
      `${team}在中场耐心倒脚，寻找进攻机会。`,
      `${player}任意球直接攻门，皮球越过横梁。`,
      `${team}加强了边路进攻，${player}连续两次下底传中。`,
      `${player}头球攻门，可惜顶偏了。`,
      `双方在中场展开激烈争夺，比赛节奏很快。`,
      `${team}控球占优，但暂时没能打开局面。`,
      `${player}拿球后被对手犯规放倒，${team}获得前场任意球。`,
    ]),
};

const PERIOD_NAMES = ['', '第一节', '第二节', '第三节', '第四节'];
export const periodName = (p: number) => PERIOD_NAMES[p] ?? `加时${p - 4}`;

export const bbText = {
  tipoff: (home: string, away: string) => `比赛开始！${away}做客挑战${home}，双方跳球。`,
  made: (rng: Rng, team: string, player: string, points: number, s: Score, home: string, away: string) => {
    const how =
      points === 3
        ? rng.pick(['三分命中', '底角三分得手', '弧顶三分命中'])
        : points === 2
          ? rng.pick(['上篮得分', '中投命中', '突破打进', '扣篮得分', '勾手命中'])
          : `罚球命中${points === 1 ? '' : `${points}球`}`;
    return `${team} ${player} ${how}，${bsc(home, away, s)}。`;
  },
  periodEnd: (p: number, home: string, away: string, s: Score) =>
    `${periodName(p)}结束，${bsc(home, away, s)}。`,
  periodStart: (p: number) => `${periodName(p)}比赛开始。`,
  halfTime: (home: string, away: string, s: Score) => `上半场结束，${bsc(home, away, s)}，中场休息。`,
  overtime: () => '常规时间战平，比赛进入加时！',
  timeout: (team: string) => `${team}请求暂停。`,
  run: (team: string, run: number) => `${team}打出一波${run}-0的攻击波！`,
  final: (home: string, away: string, s: Score) => `比赛结束，最终比分 ${bsc(home, away, s)}。`,
};
