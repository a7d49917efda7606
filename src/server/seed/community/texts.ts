/**
 * Fan voices for the demo posts, written for the site. Facts come only from the match row
 * (teams, score, competition); the rest is opinion, never a claim about a real person.
 */
export interface MatchFacts {
  comp: string;
  home: string;
  away: string;
  hs: number;
  as: number;
  sport: number;
}

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

const OPENERS = ['刚看完', '补完录像', '熬夜看完', '下班路上看完', '和朋友一起看完'];
const FOOTBALL_WIN = [
  '{winner}从开场就打出了自己的节奏，这三分拿得不容易。',
  '{winner}把握机会的能力明显更强，{loser}创造了机会却没能转化。',
  '比分{score}，{winner}这场赢在耐心，没有急着往前推。',
  '{loser}开局不错，可惜后面体能跟不上，{winner}抓住了空档。',
];
const FOOTBALL_DRAW = [
  '{home}和{away}{score}握手言和，两边都有机会，谁也没能多走一步。',
  '{score}的平局，我觉得对{away}来说可以接受，{home}应该有点遗憾。',
  '一场{score}的比赛，中场争夺很激烈，最后各取一分。',
];
const BIG = [
  '{winner}{score}大胜，这个分差我赛前真没想到。',
  '{score}！{winner}今天的进攻效率太高了，{loser}要好好复盘。',
];
const GOALS = [
  '这场一共{total}个球，看得很过瘾，中立球迷最爱这种比赛。',
  '{total}个进球的对攻战，两边防线都有得练。',
];
const BASKETBALL = [
  '{home} {score} {away}，分差{diff}分，第四节的回合质量决定了结果。',
  '{winner}这场赢了{diff}分，轮换阵容的表现比我想的好。',
  '{score}，{loser}外线手感不在状态，{winner}篮板球占了上风。',
];
const ASKS = [
  '大家怎么看？',
  '你们觉得关键在哪？',
  '下一场还会这样吗？',
  '评论区聊聊。',
  '欢迎不同意见。',
  '',
];

export function matchPost(m: MatchFacts, i: number): string {
  const diff = Math.abs(m.hs - m.as);
  const winner = m.hs >= m.as ? m.home : m.away;
  const loser = m.hs >= m.as ? m.away : m.home;
  const score = m.sport === 2 ? `${m.hs}-${m.as}` : `${m.hs}:${m.as}`;
  const total = m.hs + m.as;
  let body: string;
  if (m.sport === 2) body = pick(BASKETBALL, i);
  else if (diff >= 3) body = pick(BIG, i);
  else if (total >= 5) body = pick(GOALS, i);
  else if (diff === 0) body = pick(FOOTBALL_DRAW, i);
  else body = pick(FOOTBALL_WIN, i);
  const filled = body.replace(/\{(\w+)\}/g, (_, k: string) =>
    String({ winner, loser, score, total, diff, home: m.home, away: m.away }[k] ?? ''),
  );
  return `${pick(OPENERS, i)}${m.comp} ${m.home} vs ${m.away}。${filled}${pick(ASKS, i)}`;
}

export function anchorDynamic(m: Omit<MatchFacts, 'hs' | 'as'>, i: number): string {
  return pick(
    [
      `直播回顾：${m.comp} ${m.home} vs ${m.away}，谢谢大家来直播间一起看，下次继续！`,
      `${m.comp} ${m.home} 对 ${m.away} 的回放已经可以看了，没赶上直播的球友可以补一下。`,
      `关于 ${m.home} vs ${m.away} 这场，直播间里大家讨论很热烈，评论区继续聊。`,
    ],
    i,
  );
}

export const TOPIC_POSTS: Record<string, string[]> = {
  竞彩: [
    '分享一个自己的习惯：每周只用固定的小额预算，输了就停，看球的乐趣比结果重要。',
    '新手提问：让球胜平负和胜平负有什么区别？看了规则还是有点晕。',
    '理性提醒：赔率只是参考，冷门每周都有，别把它当成确定的事。',
    '大家会看赔率变化吗？我发现临场变化有时候比初盘更有信息量。',
    '记录一下这周的复盘：串关看着诱人，但命中率真的低，以后少碰。',
    '竞彩篮球的大小分大家一般怎么判断？我主要看两队最近的节奏。',
  ],
  综合: [
    '第一次去现场看球，氛围和在家看完全不一样，推荐每个球迷都去一次。',
    '周末约球，有没有同城的球友一起踢五人制？',
    '大家看球一般用什么设备？我最近换了投影，大屏看比赛真爽。',
    '求推荐适合新手看的足球战术入门内容，想看懂阵型变化。',
    '熬夜看欧洲比赛的球友们，第二天都怎么扛过去的？',
    '今天在公园看到一群小朋友踢球，想起自己小时候，足球真好。',
  ],
  // The basketball seasons start with no result in the data (the simulator plays them later):
  // these circles open with talk about watching the league, never claims about real people.
  NBA: [
    '新赛季开打，常规赛82场慢慢看，大家今年主队的目标是什么？',
    '早上看NBA的球友报个到，上班前的时差比赛真的是一天的动力。',
    '大家更喜欢看快节奏的对攻，还是半场阵地战的细节？',
    '求推荐看懂挡拆战术的入门方法，想从看热闹变成看门道。',
    '背靠背的比赛怎么看轮换？感觉第二场的替补时间明显更多。',
    '赛季初的战绩参考意义有多大？我一般看完前二十场再下结论。',
  ],
  CBA: [
    'CBA新赛季开始了，大家都去现场看过主场比赛吗？氛围怎么样？',
    '本土年轻球员的上场时间越来越多，这是好事，大家最看好哪个位置？',
    '外援和本土核心怎么分配球权，每个队的做法都不一样，聊聊你的主队。',
    '周末带孩子去看CBA，现场的中场表演也很精彩。',
    '大家觉得CBA的比赛节奏这几年有变化吗？三分出手明显多了。',
    '常规赛漫长，大家一般怎么追比赛？我主要看集锦加关键场次全场。',
  ],
};

export const COMMENT_POOL = [
  '同意楼主，这场确实是这样。',
  '我倒觉得裁判尺度有点松。',
  '下半场换人之后节奏明显变了。',
  '看完很激动，睡不着了。',
  '这个分析有道理，收藏了。',
  '主场氛围太好了。',
  '防守还是要加强。',
  '期待下一场的表现。',
  '楼主说得对，把握机会才是关键。',
  '这场我也看了，后半段精彩。',
];
