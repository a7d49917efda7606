/**
 * The demo site's own content: navigation, banners (one for each jump target the spec names),
 * adverts by placeCode, hot-search words and settings. Written for this site.
 */
export interface NavSeed {
  label: string;
  href: string;
  disabled?: boolean;
  children?: NavSeed[];
}

export const navigation: NavSeed[] = [
  { label: '首页', href: '/' },
  {
    label: '比分',
    href: '/football',
    children: [
      { label: '足球', href: '/football' },
      { label: '篮球', href: '/basketball' },
      { label: '电竞', href: '#', disabled: true },
      { label: '网球', href: '#', disabled: true },
    ],
  },
  { label: '直播', href: '/live/all' },
  { label: '赛程', href: '/next' },
  { label: '头条', href: '/news' },
  { label: '社区', href: '/community' },
  { label: '锦囊', href: '/guide' },
  { label: '有料', href: '/youliao' },
  {
    label: '资料库',
    href: '/database/fb',
    children: [
      { label: '足球', href: '/database/fb' },
      { label: '篮球', href: '/database/lq' },
    ],
  },
];

/**
 * Banner targets: jumpType 1 is internal (targetId a relative path), 2 an outer link. `focus` banners
 * get their target from the data when seeded (src/server/seed/banners.ts): a real match or room.
 */
export interface BannerSeed {
  title: string;
  image: string;
  jumpType: number;
  targetId?: string;
  outerLink?: string;
  focus?: 'football' | 'basketball' | 'room' | 'expert';
}

export const bannerSeeds: BannerSeed[] = [
  {
    title: '足球即时比分 · 全球联赛一手掌握',
    image: '/banners/football.svg',
    jumpType: 1,
    targetId: 'football',
  },
  {
    title: 'NBA 篮球比分 · 每节数据实时更新',
    image: '/banners/basketball.svg',
    jumpType: 1,
    targetId: 'basketball',
  },
  {
    title: '英超焦点战 · 文字直播与技术统计',
    image: '/banners/match-football.svg',
    jumpType: 1,
    focus: 'football',
  },
  {
    title: 'NBA 焦点战 · 球员数据逐节追踪',
    image: '/banners/match-basketball.svg',
    jumpType: 1,
    focus: 'basketball',
  },
  { title: '专家锦囊 · 看懂每一场比赛', image: '/banners/guide.svg', jumpType: 1, targetId: 'guide' },
  { title: '明星专家 · 战绩公开可查', image: '/banners/expert.svg', jumpType: 1, focus: 'expert' },
  { title: '全部直播 · 主播陪你看球', image: '/banners/live.svg', jumpType: 1, targetId: 'live/all' },
  { title: '热门直播间 · 边看边聊', image: '/banners/room.svg', jumpType: 1, focus: 'room' },
  { title: '下载球友圈 APP · 进球提醒不错过', image: '/banners/app.svg', jumpType: 2, outerLink: '/app' },
];

export const advertSeeds = [
  { placeCode: 'home_side', title: '下载球友圈 APP', image: '/banners/ad-app.svg', link: '/app' },
  {
    placeCode: 'home_side',
    title: '成为主播 · 开播赚球票',
    image: '/banners/ad-anchor.svg',
    link: '/about/live/2',
  },
  { placeCode: 'news_top', title: '专家锦囊 · 每日推荐', image: '/banners/ad-guide.svg', link: '/guide' },
  {
    placeCode: 'float_activity',
    title: '主播招募计划 · 开播赚球票',
    image: '/banners/ad-anchor.svg',
    // The plan itself (how to apply, set up and earn), not the agreement one signs at the end of it.
    link: '/about/live/2',
  },
  {
    placeCode: 'live_side',
    title: '开通贵族 · 尊享特权',
    image: '/banners/ad-noble.svg',
    link: '/about/live/4',
  },
] as const;

/**
 * Site settings. Contact channels and app download links are the operator's to fill in (table
 * site_settings, keys `contact` {email, qq, wechat, hours} and `appLinks` {android, ios}); the demo
 * invents none, so the footer leaves them out and /app says no app is published yet.
 */
export const settingSeeds: Record<string, unknown> = {
  contact: {},
  statement:
    '本站仅提供第三方直播流的导航链接，不存储、不上传、不提供任何音视频内容；所有内容的版权归原权利人所有。如有侵权，请联系我们处理。',
  icp: '演示站点，非经营性备案',
  appLinks: { android: '', ios: '' },
  friendLinks: [
    { label: '中国足球协会', href: 'https://www.thecfa.cn' },
    { label: '中国篮球协会', href: 'https://www.cba.net.cn' },
    { label: '国际足联', href: 'https://www.fifa.com' },
    { label: 'NBA 中国', href: 'https://china.nba.cn' },
  ],
};

/** Demo accounts (password demo123456), listed in the README. */
export const demoAccounts = [
  {
    mobile: '13800000001',
    nickName: '球迷小王',
    roles: [],
    isAnchor: 0,
    isExpert: 0,
    level: 2,
    experience: 620,
  },
  {
    mobile: '13800000002',
    nickName: '主播阿杰',
    roles: [],
    isAnchor: 1,
    isExpert: 0,
    level: 5,
    experience: 12_400,
  },
  {
    mobile: '13800000003',
    nickName: '竞彩老李',
    roles: [],
    isAnchor: 0,
    isExpert: 1,
    level: 6,
    experience: 31_000,
  },
  {
    mobile: '13800000009',
    nickName: '运营小美',
    roles: ['operator', 'finance'],
    isAnchor: 0,
    isExpert: 0,
    level: 8,
    experience: 160_000,
  },
  {
    mobile: '13800000010',
    nickName: '编辑小周',
    roles: ['editor'],
    isAnchor: 0,
    isExpert: 0,
    level: 4,
    experience: 5_200,
  },
  {
    mobile: '13800000011',
    nickName: '管理员老陈',
    roles: ['admin'],
    isAnchor: 0,
    isExpert: 0,
    level: 8,
    experience: 180_000,
  },
  // A second finance staff member: large manual top-ups need one who did not ask for them.
  {
    mobile: '13800000012',
    nickName: '财务小林',
    roles: ['finance'],
    isAnchor: 0,
    isExpert: 0,
    level: 6,
    experience: 40_000,
  },
] as const;

export const DEMO_PASSWORD = 'demo123456';
