import type { Db } from '../db/client.ts';
import { newsArticles, newsColumns } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import type { NewsServices } from '../services/news/index.ts';
import type { SportsServices } from '../services/sports/index.ts';

/** The news columns (栏目), in tab order. 头条 (headline) lists every column's articles. */
export const NEWS_COLUMN_SEEDS = [
  { slug: 'headline', name: '头条', competitionKey: null, intro: '全站最新资讯、赛季回顾与焦点。' },
  { slug: 'epl', name: '英超', competitionKey: 'en.1', intro: '英超赛前前瞻与赛后战报。' },
  { slug: 'laliga', name: '西甲', competitionKey: 'es.1', intro: '西甲赛前前瞻与赛后战报。' },
  { slug: 'seriea', name: '意甲', competitionKey: 'it.1', intro: '意甲赛前前瞻与赛后战报。' },
  { slug: 'bundesliga', name: '德甲', competitionKey: 'de.1', intro: '德甲赛前前瞻与赛后战报。' },
  { slug: 'ligue1', name: '法甲', competitionKey: 'fr.1', intro: '法甲赛前前瞻与赛后战报。' },
  { slug: 'ucl', name: '欧冠', competitionKey: 'uefa.cl', intro: '欧冠赛前前瞻与赛后战报。' },
  { slug: 'csl', name: '中超', competitionKey: 'cn.1', intro: '中超赛前前瞻与赛后战报。' },
  { slug: 'nba', name: 'NBA', competitionKey: 'nba', intro: 'NBA 赛前前瞻与赛后战报。' },
  { slug: 'cba', name: 'CBA', competitionKey: 'cba', intro: 'CBA 赛前前瞻与赛后战报。' },
  {
    slug: 'lottery',
    name: '竞彩',
    competitionKey: null,
    intro: '每日竞彩赛程与赔率，竞彩规则与亚盘、大小球、欧赔的读法。',
  },
  { slug: 'topics', name: '专题', competitionKey: null, intro: '数据专题与本站使用指南。' },
] as const;

export async function seedNewsColumns(db: Db): Promise<void> {
  await db
    .insert(newsColumns)
    .values(NEWS_COLUMN_SEEDS.map((c, sort) => ({ ...c, sort })))
    .onConflictDoNothing();
}

/**
 * How far the first reports look back and the first previews ahead: each competition's latest
 * finished matches over three weeks (a league's last rounds, across an international break; the
 * Champions League's last matchday) and its next big ones (four days ahead), so every column
 * starts with enough to read whatever the weekday.
 */
export const FIRST_ARTICLES = {
  reports: { hours: 21 * 24, perCompetition: 8 },
  previews: { hours: 96, perCompetition: 3 },
};

/**
 * The first articles, written from the data once (into a news table with no articles): guides,
 * reviews of the finished real seasons, reports of the latest finished matches of each competition
 * and previews of the next big ones. After that the news-desk job keeps up with the simulator.
 */
export async function seedNewsArticles(db: Db, news: NewsServices, sports: SportsServices, log: Logger) {
  if ((await db.$count(newsColumns)) === 0 || (await db.$count(newsArticles)) > 0) return;
  const desk = news.newsroom(sports);
  const started = Date.now();
  // The feed's clock: the simulator has played up to it (SIM_START pins it in tests and demos).
  const now = sports.clock.now();
  const guides = await desk.guides(new Date(now - 3 * 86_400_000), now);
  const reviews = await desk.reviews(now);
  const reports = await desk.reports({ ...FIRST_ARTICLES.reports, now });
  const previews = await desk.previews({ ...FIRST_ARTICLES.previews, now });
  const cards = await desk.lotteryCards({ daysBack: 1, now });
  log.info({ guides, reviews, reports, previews, cards, ms: Date.now() - started }, 'news seeded');
}
