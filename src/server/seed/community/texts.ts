import { hash32 } from '../../sports/rng.ts';

/**
 * Fan voices for the demo posts, written for the site. Facts come only from the site's data (teams,
 * score, goals with their minutes, sendings-off, the table); the rest is opinion, never a claim
 * about a real person beyond what the match data says.
 */
export interface MatchFacts {
  comp: string;
  home: string;
  away: string;
  hs: number;
  as: number;
  sport: number;
  /** Goals in order: who scored (null when the data does not say), the minute, for which side. */
  goals: {
    player: string | null;
    minute: number | null;
    side: 1 | 2;
    kind: 'goal' | 'penalty' | 'own_goal';
  }[];
  /** Players sent off, with their side. */
  reds: { player: string | null; side: 1 | 2 }[];
  /** The winner's place in the table after the match, when the competition has one. */
  winnerRank: number | null;
}

/** What a post is about, so its comments answer it. */
export type MatchTopic = 'win' | 'draw' | 'rout' | 'goalfest' | 'basketball';
/** A match post's topic, or a circle's topic post (`topic:{circle}#{n}`). */
export type PostTopic = MatchTopic | `topic:${string}`;

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];
const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));

const OPENERS = [
  '{comp}{home}对{away}，',
  '刚看完{home}和{away}，',
  '补完{comp}这场{home}vs{away}的录像，',
  '{comp}焦点战{home}对{away}，',
  '下班路上看完{home}这场，',
  '{comp}赛后：{home}对{away}，',
  '熬夜看完{away}客场这场，',
];
const RESULT: Record<Exclude<MatchTopic, 'basketball'>, string[]> = {
  win: [
    '{winner}拿下{loser}，这三分拿得不容易。',
    '{winner}赢了，{loser}有机会但没把握住。',
    '比分{score}，{winner}赢在耐心，没有急着往前压。',
    '一球小胜也是胜，{winner}带走全部积分。',
    '{loser}输得有点可惜，整场没被压着打。',
  ],
  draw: [
    '{score}握手言和，两边谁也没能多走一步。',
    '各拿一分，{away}客场应该能接受，{home}有点遗憾。',
    '{score}战平，中场绞得很紧。',
    '平局收场，两队都还有得改。',
  ],
  rout: [
    '{winner}{score}大胜，这个分差赛前真没想到。',
    '{score}！{loser}这场防线完全崩了。',
    '{winner}今天进攻效率太高，{loser}要好好复盘。',
  ],
  goalfest: [
    '{total}个进球的对攻战，看得太过瘾了。',
    '一场{total}球大战，两边防线都有得练。',
    '{score}，进球一个接一个，中立球迷最爱这种比赛。',
  ],
};
/** Basketball by the margin: a close game, a clear one, a blowout. */
const BASKETBALL = {
  close: [
    '{winner}{score}险胜，只赢了{diff}分，最后几个回合太揪心。',
    '{diff}分的胜负，{loser}追到最后还是差一口气。',
    '{score}，两队拉锯到终场，{winner}关键球更稳。',
  ],
  clear: [
    '{winner}{score}赢了{diff}分，第四节的回合质量决定了结果。',
    '{winner}这场赢{diff}分，轮换阵容的表现比我想的好。',
    '{score}，{loser}外线手感不在状态，{winner}篮板占了上风。',
  ],
  blowout: ['{winner}{score}大胜{diff}分，第三节就没有悬念了。', '{diff}分的分差，{loser}这场基本没打出来。'],
};
const SCORER = [
  '{scorer}第{minute}分钟那个球是转折点。',
  '{minute}分钟{scorer}破门之后，比赛节奏就变了。',
  '最记得{scorer}{minute}分钟的进球，跑位很聪明。',
  '{scorer}第{minute}分钟的进球值得反复看。',
];
const PENALTY = ['{minute}分钟的点球{scorer}罚得很稳。', '{scorer}{minute}分钟点球命中，心理素质不错。'];
const OWN_GOAL = ['{minute}分钟那个乌龙太伤了。', '一个{minute}分钟的乌龙球，{team}很无奈。'];
const RED = [
  '{player}被罚下后{team}只能少一人作战，这张红牌影响很大。',
  '{team}的{player}吃到红牌，比赛从那以后就不一样了。',
];
const TABLE = [
  '赢球后{winner}暂列第{rank}。',
  '这场过后{winner}排到第{rank}。',
  '{winner}现在排名第{rank}，接下来的赛程很关键。',
];
const ASKS = [
  '大家怎么看？',
  '你们觉得关键在哪？',
  '评论区聊聊。',
  '欢迎不同意见。',
  '',
  '下一场还会这样吗？',
  '',
];

/** A post's wording with its facts (names, numbers) taken out: what must differ between two posts. */
export function bodyOf(content: string, names: string[]): string {
  let body = content;
  for (const n of [...names].filter(Boolean).sort((a, b) => b.length - a.length))
    body = body.split(n).join('');
  return body.replace(/\d+/g, '');
}

/** The topic of a match post, from its score. */
export function topicOf(m: Pick<MatchFacts, 'hs' | 'as' | 'sport'>): MatchTopic {
  const diff = Math.abs(m.hs - m.as);
  if (m.sport === 2) return 'basketball';
  if (diff >= 3) return 'rout';
  if (m.hs + m.as >= 5) return 'goalfest';
  return diff === 0 ? 'draw' : 'win';
}

function vars(m: MatchFacts) {
  const winner = m.hs >= m.as ? m.home : m.away;
  const loser = m.hs >= m.as ? m.away : m.home;
  return {
    comp: m.comp,
    home: m.home,
    away: m.away,
    winner,
    loser,
    score: `${m.hs}-${m.as}`,
    total: m.hs + m.as,
    diff: Math.abs(m.hs - m.as),
  };
}

/** A fan's post about a finished match; `i` varies the wording, the facts make each post its own. */
export function matchPost(m: MatchFacts, i: number): string {
  const v = vars(m);
  const topic = topicOf(m);
  // Each choice drawn on its own, so neighbouring posts do not share their sentences.
  const r = (part: string) => hash32(`${i}:${part}`);
  const parts = [fill(pick(OPENERS, r('opener')), v)];
  const margin = v.diff <= 6 ? 'close' : v.diff < 20 ? 'clear' : 'blowout';
  parts.push(fill(pick(topic === 'basketball' ? BASKETBALL[margin] : RESULT[topic], r('result')), v));
  // One goal the fan remembers: the winner (the last goal of the winning side) or the first.
  const decisive =
    m.hs === m.as ? m.goals[0] : m.goals.filter((g) => g.side === (m.hs > m.as ? 1 : 2)).at(-1);
  if (decisive?.minute && (decisive.player || decisive.kind === 'own_goal')) {
    const team = decisive.side === 1 ? m.away : m.home; // an own goal is the other side's misfortune
    const list = decisive.kind === 'penalty' ? PENALTY : decisive.kind === 'own_goal' ? OWN_GOAL : SCORER;
    parts.push(fill(pick(list, r('goal')), { scorer: decisive.player ?? '', minute: decisive.minute, team }));
  }
  const red = m.reds[0];
  if (red?.player)
    parts.push(fill(pick(RED, r('red')), { player: red.player, team: red.side === 1 ? m.home : m.away }));
  if (m.winnerRank && m.hs !== m.as)
    parts.push(fill(pick(TABLE, r('table')), { winner: v.winner, rank: m.winnerRank }));
  parts.push(pick(ASKS, r('ask')));
  return parts.join('');
}

const DYNAMIC_OPEN = [
  '直播回顾：{comp}{home} {score} {away}。',
  '{home}对{away}的回放已经可以看了，',
  '{home} {score} {away}，',
  '昨晚陪大家看完{home}对{away}，',
  '{comp}这场{winner}的比赛播完了，',
];
const DYNAMIC_CLOSE = [
  '谢谢大家来直播间一起看，下次继续！',
  '没赶上直播的可以补一下。',
  '直播间里讨论很热烈，评论区继续聊。',
  '下一场直播见，记得点关注。',
  '弹幕里的分析比我还专业，感谢各位。',
];

export function anchorDynamic(m: MatchFacts, i: number): string {
  const v = vars(m);
  const r = (part: string) => hash32(`${i}:dynamic:${part}`);
  return fill(pick(DYNAMIC_OPEN, r('open')) + pick(DYNAMIC_CLOSE, r('close')), v);
}

/** Comments that answer a match post of each topic, by the other demo users. */
const MATCH_COMMENTS: Record<MatchTopic, string[]> = {
  win: [
    '{winner}这三分太重要了。',
    '{loser}其实踢得不差，就是临门一脚。',
    '同意，{winner}赢在更有耐心。',
    '{loser}下一场得调整了。',
    '这种比赛就看谁先犯错。',
  ],
  draw: [
    '平局对两边都不算坏结果。',
    '{home}主场只拿一分，有点可惜。',
    '{away}能带走一分挺好的。',
    '两队都太保守了，我更想看对攻。',
  ],
  rout: [
    '{loser}这场太难看了。',
    '{winner}打疯了，挡不住。',
    '{score}这个比分，{loser}主帅压力大了。',
    '大胜之后别飘，{winner}下一场才是考验。',
  ],
  goalfest: [
    '这场值回票价！',
    '进球大战，防守教练要头疼了。',
    '{total}个球，看得我心跳都快了。',
    '两边后防都该反思。',
  ],
  basketball: [
    '{winner}第四节的执行力太强了。',
    '{loser}三分再准一点就赢了。',
    '轮换球员这场立功了。',
    '{diff}分的分差，比赛其实比比分更胶着。',
  ],
};
const MATCH_REPLIES: Record<MatchTopic, string> = {
  win: '是的，下一场还得看{winner}能不能保持。',
  draw: '各拿一分，就看下一轮了。',
  rout: '这个比分确实没想到。',
  goalfest: '对，这种比赛一年也看不到几场。',
  basketball: '同感，最后几分钟太关键了。',
};

/** Topic posts of the circles without match talk, each with the answers it gets (one pinned, as an operator would). */
export const TOPIC_POSTS: Record<
  string,
  { text: string; comments: string[]; reply: string; pinned?: boolean }[]
> = {
  英超: [
    {
      text: '每个赛季的圣诞赛程都是体能考验，大家觉得轮换多的球队后半程会更有优势吗？',
      comments: ['阵容厚度到春天才看得出来。', '密集赛程里，替补的质量很关键。'],
      reply: '同感，冬天过后见分晓。',
    },
    {
      text: '周末熬夜看英超的朋友报个到，你们一般看几点的场次？',
      comments: ['晚上十一点那场最舒服。', '凌晨的场次只能第二天看回放了。'],
      reply: '哈哈，养生看球。',
    },
  ],
  西甲: [
    {
      text: '西甲的传控打法这几年变化大吗？感觉越来越多球队重视高位逼抢了。',
      comments: ['逼抢强度确实上来了。', '传控还在，只是更讲究效率。'],
      reply: '战术一直在进化。',
    },
    {
      text: '大家看西甲最喜欢哪个位置的球员？我最爱看中场组织。',
      comments: ['边路突破看着最过瘾。', '中场节拍器是西甲的灵魂。'],
      reply: '中场党握个手。',
    },
  ],
  德甲: [
    {
      text: '德甲现场氛围一直是五大联赛里最好的之一，有人去现场看过吗？',
      comments: ['南看台的气势真的震撼。', '票价亲民，氛围一流。'],
      reply: '以后一定要去一次。',
    },
    {
      text: '德甲青训出人很快，大家最近关注哪些年轻球员？',
      comments: ['小将的上场机会比别的联赛多。', '每年都有新面孔冒出来。'],
      reply: '这就是德甲的魅力。',
    },
  ],
  意甲: [
    {
      text: '意甲的战术味道一直很浓，新手看球应该从哪些地方入门？',
      comments: ['先看阵型和站位，慢慢就有感觉了。', '多留意教练的临场调整。'],
      reply: '谢谢，慢慢学。',
    },
    {
      text: '周中有欧战的球队，周末的意甲通常会怎么安排阵容？大家聊聊。',
      comments: ['主力多半会轮换一部分。', '看对手强弱决定吧。'],
      reply: '有道理。',
    },
  ],
  法甲: [
    {
      text: '法甲被叫作“球星摇篮”，大家觉得原因是什么？',
      comments: ['年轻球员机会多，成长快。', '身体素质好的球员特别多。'],
      reply: '说得在理。',
    },
    {
      text: '法甲的比赛大家一般在哪看？时间对国内球迷还算友好。',
      comments: ['周末晚上那几场时间刚好。', '我一般看集锦加重点场次。'],
      reply: '集锦党+1。',
    },
  ],
  中超: [
    {
      text: '新赛季大家最期待中超哪方面的变化？青训、外援还是球场氛围？',
      comments: ['希望年轻球员多点机会。', '现场氛围越来越好了，值得去看看。'],
      reply: '期待越来越好。',
    },
    {
      text: '带家人去现场看中超是什么体验？想周末带孩子去一次。',
      comments: ['孩子会很兴奋的，记得带围巾。', '提前买票，热门场次很快就没了。'],
      reply: '谢谢提醒，这就去买票。',
    },
  ],
  欧冠: [
    {
      text: '欧冠新赛制的联赛阶段大家觉得怎么样？强强对话比以前多了。',
      comments: ['对阵更多样了，看点足。', '前八直接晋级，每一轮都有意义。'],
      reply: '同感，每轮都值得看。',
    },
    {
      text: '欧冠之夜一般都在凌晨，大家是熬夜看直播还是早起看回放？',
      comments: ['重要的一定熬夜看直播。', '早起看回放，先别刷手机防剧透。'],
      reply: '防剧透太重要了。',
    },
  ],
  竞彩: [
    {
      text: '分享一个自己的习惯：每周只用固定的小额预算，输了就停，看球的乐趣比结果重要。',
      comments: ['这个习惯好，我也在学着控制预算。', '同意，娱乐为主。'],
      reply: '一起理性看球。',
    },
    {
      text: '新手提问：让球胜平负和胜平负有什么区别？看了规则还是有点晕。',
      comments: [
        '让球就是给一方先加减几个球再算胜平负。',
        '简单说，主队让一球的话要净胜两球以上才算让球胜。',
      ],
      reply: '明白了，谢谢解答！',
    },
    {
      text: '理性提醒：赔率只是参考，冷门每周都有，别把它当成确定的事。',
      pinned: true,
      comments: ['说得对，上周我就被冷门教育了。', '赔率反映的是概率，不是结果。'],
      reply: '大家都量力而行。',
    },
    {
      text: '大家会看赔率变化吗？我发现临场变化有时候比初盘更有信息量。',
      comments: ['我会看初盘和即时盘的差别。', '临场变化有时候只是资金在动，不一定有信息。'],
      reply: '有道理，我再多观察观察。',
    },
    {
      text: '记录一下这周的复盘：串关看着诱人，但命中率真的低，以后少碰。',
      comments: ['串关确实难，多一场就多一分风险。', '我现在最多二串一。'],
      reply: '二串一是个好主意。',
    },
    {
      text: '竞彩篮球的大小分大家一般怎么判断？我主要看两队最近的节奏。',
      comments: ['还要看背靠背和伤病。', '节奏加上两队的防守效率，基本够用。'],
      reply: '背靠背这个点我之前没注意。',
    },
  ],
  综合: [
    {
      text: '第一次去现场看球，氛围和在家看完全不一样，推荐每个球迷都去一次。',
      comments: ['现场的歌声真的会起鸡皮疙瘩。', '下次我也想去现场感受一下。'],
      reply: '一定要去，值得！',
    },
    {
      text: '周末约球，有没有同城的球友一起踢五人制？',
      comments: ['在哪个城市？我周六下午有空。', '算我一个，踢后卫。'],
      reply: '私信你们场地信息。',
    },
    {
      text: '大家看球一般用什么设备？我最近换了投影，大屏看比赛真爽。',
      comments: ['我还是用电视，投影白天看不清。', '手机看直播，上下班路上方便。'],
      reply: '投影确实怕光，晚上看最好。',
    },
    {
      text: '求推荐适合新手看的足球战术入门内容，想看懂阵型变化。',
      comments: ['先从四四二和四三三的区别看起。', '看比赛时多注意无球跑位，比看书直观。'],
      reply: '好的，先从阵型开始。',
    },
    {
      text: '熬夜看欧洲比赛的球友们，第二天都怎么扛过去的？',
      comments: ['咖啡续命。', '我一般先睡一觉，定闹钟起来看下半场。'],
      reply: '定闹钟看下半场，学到了。',
    },
    {
      text: '今天在公园看到一群小朋友踢球，想起自己小时候，足球真好。',
      comments: ['小时候放学就去踢，一踢就到天黑。', '孩子们踢球的样子最纯粹了。'],
      reply: '是啊，那时候最快乐。',
    },
  ],
  NBA: [
    {
      text: '新赛季常规赛82场慢慢看，大家今年主队的目标是什么？',
      comments: ['先进季后赛再说。', '健康打完整个赛季就满足了。'],
      reply: '健康最重要。',
    },
    {
      text: '早上看NBA的球友报个到，上班前的时差比赛真的是一天的动力。',
      comments: ['报到！地铁上看第四节。', '早上看球配早餐，完美。'],
      reply: '一起打卡！',
    },
    {
      text: '大家更喜欢看快节奏的对攻，还是半场阵地战的细节？',
      comments: ['对攻好看，阵地战耐看。', '我喜欢看挡拆的细节。'],
      reply: '两种都有味道。',
    },
    {
      text: '求推荐看懂挡拆战术的入门方法，想从看热闹变成看门道。',
      comments: ['先盯着持球人和掩护人的站位看。', '多看慢镜头回放，换防一目了然。'],
      reply: '谢谢，回去试试。',
    },
    {
      text: '背靠背的比赛怎么看轮换？感觉第二场的替补时间明显更多。',
      comments: ['主力会被控制时间，替补机会多。', '第二场的体能差距很明显。'],
      reply: '对，所以背靠背容易爆冷。',
    },
    {
      text: '赛季初的战绩参考意义有多大？我一般看完前二十场再下结论。',
      comments: ['前二十场之后的排名才比较准。', '赛季初赛程强弱差别太大。'],
      reply: '同意，再等等看。',
    },
  ],
  CBA: [
    {
      text: '大家都去现场看过CBA主场比赛吗？氛围怎么样？',
      comments: ['去过，主场加油声很震撼。', '现场比电视上看的节奏快多了。'],
      reply: '有机会一定去现场。',
    },
    {
      text: '本土年轻球员的上场时间越来越多，这是好事，大家最看好哪个位置？',
      comments: ['后卫线的小将进步最快。', '内线需要时间，急不来。'],
      reply: '期待他们慢慢成长。',
    },
    {
      text: '外援和本土核心怎么分配球权，每个队的做法都不一样，聊聊你的主队。',
      comments: ['我主队关键球基本给外援。', '球权分得好的队，更衣室也更稳。'],
      reply: '说到点子上了。',
    },
    {
      text: '周末带孩子去看CBA，现场的中场表演也很精彩。',
      comments: ['带孩子看球是最好的周末安排。', '中场表演确实用心了。'],
      reply: '孩子玩得很开心。',
    },
    {
      text: '大家觉得CBA的比赛节奏这几年有变化吗？三分出手明显多了。',
      comments: ['三分多了，节奏也快了。', '空间打开之后比赛好看很多。'],
      reply: '趋势很明显。',
    },
    {
      text: '常规赛漫长，大家一般怎么追比赛？我主要看集锦加关键场次全场。',
      comments: ['主队每场都看，别的看集锦。', '关键场次必须看全场。'],
      reply: '一样，主队场场不落。',
    },
  ],
};

/** The comments and the author's reply a post gets, answering its topic. */
export function commentsFor(topic: PostTopic, m: MatchFacts | null): { comments: string[]; reply: string } {
  if (topic.startsWith('topic:')) {
    const [circle, n] = topic.slice(6).split('#');
    const t = TOPIC_POSTS[circle]?.[Number(n)];
    return t ? { comments: t.comments, reply: t.reply } : { comments: [], reply: '' };
  }
  const key = topic as MatchTopic;
  const v = m ? vars(m) : {};
  return { comments: MATCH_COMMENTS[key].map((c) => fill(c, v)), reply: fill(MATCH_REPLIES[key], v) };
}
