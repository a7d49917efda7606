import { salesDayStart, weekdayOf } from '../../../../lib/sports/time.ts';
import type { MatchListItem } from '../../../../lib/sports/types.ts';
import { pointsLineName } from '../../../../lib/vocab/handicap.ts';
import { WEEKDAY_NAMES } from '../../../../lib/vocab/lottery.ts';
import type { SportsServices } from '../../sports/index.ts';
import { pick, type Draft } from './draft.ts';

type Price = { home: number; draw: number | null; away: number; line: number | null } | null;
type CardMatch = MatchListItem & { lotteryOdds: Record<string, Price> };

/** A card this short is not worth an article (a quiet midweek day). */
const MIN_MATCHES = 3;
/** A sales day's card is published at 10:00 Beijing, before the day's sales open at noon. */
export const lotteryCardPublishAt = (date: string) => new Date(salesDayStart(date) - 2 * 3_600_000);

const seedOf = (date: string, sport: number) => Number(date.replace(/-/g, '')) * 3 + sport;
const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
const fixed = (n: number | null | undefined) => (n == null ? '—' : n.toFixed(2));

/** Kick-off as the card reads it: a night game after midnight belongs to the day before's sales. */
const timeOn = (m: CardMatch, date: string) => (m.date === date ? m.time : `次日${m.time}`);

/** "曼城 vs 阿森纳" for football; basketball names the visitor first, as the site's score lists do. */
const pairing = (m: CardMatch) =>
  m.sport === 2 ? `${m.away.name}（客）vs ${m.home.name}（主）` : `${m.home.name} vs ${m.away.name}`;

function pricesOf(m: CardMatch): string {
  const o = m.lotteryOdds;
  if (m.sport === 1) {
    const spf = o.jc_spf;
    const rq = o.jc_rqspf;
    return [
      spf ? `胜平负 ${fixed(spf.home)} / ${fixed(spf.draw)} / ${fixed(spf.away)}` : '胜平负 未开售',
      rq && rq.line !== null
        ? `让球（${pointsLineName(rq.line)}）${fixed(rq.home)} / ${fixed(rq.draw)} / ${fixed(rq.away)}`
        : '',
    ]
      .filter(Boolean)
      .join('；');
  }
  const sf = o.jc_sf;
  const rf = o.jc_rf;
  const dxf = o.jc_dxf;
  return [
    sf ? `胜负 主胜 ${fixed(sf.home)} / 客胜 ${fixed(sf.away)}` : '胜负 未开售',
    rf && rf.line !== null ? `让分（主${pointsLineName(rf.line)}）${fixed(rf.home)} / ${fixed(rf.away)}` : '',
    dxf && dxf.line !== null ? `大小分 ${dxf.line} 大 ${fixed(dxf.home)} / 小 ${fixed(dxf.away)}` : '',
  ]
    .filter(Boolean)
    .join('；');
}

/** "英超4场、西甲3场" in the order the competitions first appear on the card. */
function spread(list: CardMatch[]): string {
  const count = new Map<string, number>();
  for (const m of list) count.set(m.competition.name, (count.get(m.competition.name) ?? 0) + 1);
  return [...count].map(([name, n]) => `${name}${n}场`).join('、');
}

/** The favourite by the card's own prices, for a one-line note on a focus match. */
function leaning(m: CardMatch): string | null {
  const p = m.sport === 1 ? m.lotteryOdds.jc_spf : m.lotteryOdds.jc_sf;
  if (!p) return null;
  const gap = Math.abs(p.home - p.away);
  if (gap < 0.25) return '双方赔率接近，胜负难料。';
  const fav = p.home < p.away ? m.home.name : m.away.name;
  return `竞彩看好${fav}（取胜赔率 ${fixed(Math.min(p.home, p.away))}）。`;
}

/**
 * 竞彩足球 / 竞彩篮球 of a sales day: how many matches are on sale and from which competitions, the
 * hottest ones with a line each, then the whole card by number with the lottery's own prices, all
 * read from the database. Null when the day has fewer than three matches on the card.
 */
export async function writeLotteryCard(
  sports: SportsServices,
  sport: 1 | 2,
  date: string,
): Promise<Draft | null> {
  const card = (await sports.lottery.jc(sport, date)).matches as CardMatch[];
  if (card.length < MIN_MATCHES) return null;
  const seed = seedOf(date, sport);
  const game = sport === 1 ? '竞彩足球' : '竞彩篮球';
  const day = `${monthDay(date)}（${WEEKDAY_NAMES[weekdayOf(date)]}）`;
  const hottest = [...card].sort((a, b) => b.heat - a.heat || a.id - b.id).slice(0, 3);
  const top = hottest[0];
  const focus = card.filter((m) => hottest.includes(m));
  const body: string[] = [
    pick(
      [
        `${day}${game}共开售${card.length}场，包括${spread(card)}。`,
        `${game}${day}的销售单上有${card.length}场比赛：${spread(card)}。`,
      ],
      seed,
      1,
    ) + '开售时间以官方为准，比赛时间均为北京时间。',
    '## 焦点赛事',
    focus
      .map(
        (m) =>
          `- **${m.lottery.jcNo} ${m.competition.name}** ${timeOn(m, date)} ${pairing(m)}：${pricesOf(m)}。${leaning(m) ?? ''}`,
      )
      .join('\n'),
    '## 全部场次',
    card
      .map(
        (m) => `- ${m.lottery.jcNo} ${m.competition.name} ${timeOn(m, date)} ${pairing(m)}｜${pricesOf(m)}`,
      )
      .join('\n'),
    '赔率为开售时的竞彩固定奖金，随投注变化，以比赛页的即时数据为准；玩法规则见本栏目的竞彩规则速览。彩票有风险，购彩需理性，未成年人不得购买。',
  ];
  return {
    sourceKey: `lottery:${sport}:${date}`,
    kind: 'preview',
    column: 'lottery',
    demo: card.some((m) => m.demo),
    title: pick(
      [
        `${game}${day}：${card.length}场开售，焦点${pairing(top)}`,
        `${day}${game}赛程与赔率一览（共${card.length}场）`,
      ],
      seed,
      2,
    ),
    summary: `${day}${game}共${card.length}场：${spread(card)}。焦点战${top.competition.name}${pairing(top)}。`,
    body: body.join('\n\n'),
    publishAt: lotteryCardPublishAt(date),
    tags: focus.map((m) => ({ kind: 'match' as const, refId: m.id, label: pairing(m) })),
  };
}
