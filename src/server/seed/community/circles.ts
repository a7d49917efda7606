/** The circles (圈子) of the community: one per competition the site covers, plus topic circles. */
export interface CircleSeed {
  slug: string;
  name: string;
  competitionKey: string | null;
  color: string;
  intro: string;
}

export const CIRCLE_SEEDS: CircleSeed[] = [
  {
    slug: 'epl',
    name: '英超',
    competitionKey: 'en.1',
    color: '#3d195b',
    intro: '英格兰足球超级联赛的球迷圈：赛前前瞻、赛后复盘、转会讨论。',
  },
  {
    slug: 'laliga',
    name: '西甲',
    competitionKey: 'es.1',
    color: '#b3001b',
    intro: '西班牙足球甲级联赛：国家德比、技术流与战术讨论。',
  },
  {
    slug: 'seriea',
    name: '意甲',
    competitionKey: 'it.1',
    color: '#024494',
    intro: '意大利足球甲级联赛：防守艺术与战术博弈。',
  },
  {
    slug: 'bundesliga',
    name: '德甲',
    competitionKey: 'de.1',
    color: '#d20515',
    intro: '德国足球甲级联赛：高位逼抢、满场球迷与进球大战。',
  },
  {
    slug: 'ligue1',
    name: '法甲',
    competitionKey: 'fr.1',
    color: '#091c3e',
    intro: '法国足球甲级联赛：年轻天才的舞台。',
  },
  {
    slug: 'ucl',
    name: '欧冠',
    competitionKey: 'uefa.cl',
    color: '#0e1e5b',
    intro: '欧洲冠军联赛：小组赛到决赛，每一个欧冠之夜都在这里聊。',
  },
  {
    slug: 'csl',
    name: '中超',
    competitionKey: 'cn.1',
    color: '#c8102e',
    intro: '中国足球超级联赛：主场氛围、本土球员与外援表现。',
  },
  {
    slug: 'nba',
    name: 'NBA',
    competitionKey: 'nba',
    color: '#1d428a',
    intro: '美国职业篮球联赛：常规赛、季后赛与球员数据讨论。',
  },
  {
    slug: 'cba',
    name: 'CBA',
    competitionKey: 'cba',
    color: '#e4002b',
    intro: '中国男子篮球职业联赛：主客场与新秀成长。',
  },
  {
    slug: 'lottery',
    name: '竞彩',
    competitionKey: null,
    color: '#0a7d4f',
    intro: '竞彩足球、篮球的玩法交流与理性分析。理性购彩，量力而行。',
  },
  {
    slug: 'general',
    name: '综合',
    competitionKey: null,
    color: '#5b6472',
    intro: '看球日常、观赛体验、装备与其他一切和体育有关的话题。',
  },
];

export const CIRCLE_RULES = [
  '围绕本圈主题发帖，与主题无关的内容请发到“综合”圈。',
  '尊重每一位球友，不辱骂、不引战、不地域攻击。',
  '禁止广告、引流和任何形式的赌博推广；竞彩讨论请理性。',
  '转载内容请注明来源，原创图片请勿盗用。',
  '被 3 位球友举报的内容会先隐藏，由运营审核后处理。',
].join('\n');
