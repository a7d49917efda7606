import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import type { Db } from '../../db/client.ts';
import {
  aboutPages,
  competitions,
  experts,
  newsArticles,
  players,
  posts,
  rooms,
  teams,
  tipPlans,
  users,
} from '../../db/schema/index.ts';
import { competitionHref, playerHref, teamHref } from '../../../lib/match/links.ts';
import { hanChars, segment } from '../../../lib/search/text.ts';

/** What the index holds for one thing; `source` is what `sig` fingerprints (tokens derive from it). */
export interface SourceDoc {
  kind: string;
  refId: number;
  sport: number | null;
  title: string;
  subtitle: string;
  href: string;
  image: string | null;
  boost: number;
  /** Text cut into words. */
  text: string[];
  /** Chinese names whose pinyin (full and initials) is indexed as well: teams and players. */
  pinyinOf?: string[];
  /** Further exact names (English, short codes) for the exact-name bonus. */
  aliases?: string[];
}

const round1 = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10) / 10;
/** 0–1 from a count that grows without bound (views, likes, heat), in coarse steps so small moves do not rewrite. */
const popularity = (n: number) => round1(Math.log10(1 + Math.max(0, n)) / 5);

/** Full pinyin and initials of a Chinese name: 曼城 → ['mancheng', 'mc']. */
export function pinyinForms(name: string): string[] {
  if (!hanChars(name).length) return [];
  const syllables = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'removed', v: true });
  const clean = syllables.map((s) => s.toLowerCase().replace(/[^a-z]/g, '')).filter(Boolean);
  return [clean.join(''), clean.map((s) => s[0]).join('')];
}

/** The index row's text parts: segmented words, Han characters (for substrings), pinyin, and names. */
export function docTokens(d: SourceDoc): { tokens: string; names: string } {
  const words = d.text.flatMap(segment);
  const chars = d.text.flatMap(hanChars);
  const spoken = (d.pinyinOf ?? []).flatMap(pinyinForms);
  const aliases = (d.aliases ?? []).map((a) => a.toLowerCase().trim()).filter(Boolean);
  const names = [...new Set([d.title.toLowerCase(), ...aliases, ...spoken])];
  // Each alias also as one glued word, so "mancity" or "lal" find the team too.
  const glued = aliases.map((a) => a.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  return {
    tokens: [...words, ...spoken, ...glued, ...chars].join(' ') || d.title.toLowerCase(),
    names: `|${names.join('|')}|`,
  };
}

/** Ranks within a list as 0–1 (first = 1): ratings on different scales become comparable. */
const rankBoost = (i: number, n: number) => round1(1 - i / Math.max(1, n));

/** Every searchable thing the site holds, as index rows (before tokenising). */
export async function loadSources(db: Db): Promise<SourceDoc[]> {
  const [teamRows, playerRows, compRows, roomRows, peopleRows, planRows, articleRows, postRows, helpRows] =
    await Promise.all([
      db
        .select()
        .from(teams)
        .orderBy(sql`${teams.rating} desc`),
      // Only real players: a numbered place of a club no source lists ("7号") is nobody to find.
      db
        .select({ p: players, teamZh: teams.nameZh })
        .from(players)
        .leftJoin(teams, eq(teams.id, players.teamId))
        .where(eq(players.generated, false)),
      db.select().from(competitions),
      db
        .select({ r: rooms, nickName: users.nickName, portrait: users.portrait })
        .from(rooms)
        .innerJoin(users, eq(users.id, rooms.anchorId))
        .where(and(eq(rooms.auditState, 1), eq(users.status, 1))),
      db
        .select({
          id: users.id,
          nickName: users.nickName,
          portrait: users.portrait,
          signature: users.signature,
          isAnchor: users.isAnchor,
          isExpert: users.isExpert,
          level: users.level,
          expertTitle: experts.title,
        })
        .from(users)
        .leftJoin(experts, eq(experts.userId, users.id))
        .where(and(eq(users.status, 1), sql`(${users.isAnchor} = 1 or ${users.isExpert} = 1)`)),
      db
        .select({ p: tipPlans, nickName: users.nickName })
        .from(tipPlans)
        .innerJoin(users, eq(users.id, tipPlans.expertId))
        .where(inArray(tipPlans.status, ['open', 'settled'])),
      db
        .select({
          id: newsArticles.id,
          title: newsArticles.title,
          summary: newsArticles.summary,
          cover: newsArticles.cover,
          views: newsArticles.views,
        })
        .from(newsArticles)
        .where(and(eq(newsArticles.status, 'published'), lte(newsArticles.publishAt, sql`now()`))),
      db
        .select({ id: posts.id, content: posts.content, likes: posts.likeCount, nickName: users.nickName })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(eq(posts.status, 'visible')),
      db.select().from(aboutPages),
    ]);

  const docs: SourceDoc[] = [];
  // Teams come strongest first: their place within their sport is their boost.
  const seen = new Map<number, number>();
  const perSport = new Map<number, number>();
  for (const t of teamRows) perSport.set(t.sport, (perSport.get(t.sport) ?? 0) + 1);
  for (const t of teamRows) {
    const i = seen.get(t.sport) ?? 0;
    seen.set(t.sport, i + 1);
    docs.push({
      kind: 'team',
      refId: t.id,
      sport: t.sport,
      title: t.nameZh,
      subtitle: [t.fullNameZh, t.name].filter((s) => s && s !== t.nameZh).join(' · '),
      href: teamHref(t.sport, t.id),
      image: null,
      boost: rankBoost(i, perSport.get(t.sport)!),
      text: [t.nameZh, t.fullNameZh, t.name, t.shortName, t.city ?? ''],
      pinyinOf: [t.nameZh, t.fullNameZh],
      aliases: [t.fullNameZh, t.name, t.shortName],
    });
  }
  for (const { p, teamZh } of playerRows) {
    docs.push({
      kind: 'player',
      refId: p.id,
      sport: p.sport,
      title: p.nameZh ?? p.name,
      subtitle: [p.nameZh ? p.name : '', teamZh ?? ''].filter(Boolean).join(' · '),
      href: playerHref(p.sport, p.id),
      image: null,
      boost: p.teamId ? 0.3 : 0,
      text: [p.nameZh ?? '', p.name],
      pinyinOf: p.nameZh ? [p.nameZh] : [],
      aliases: [p.name],
    });
  }
  for (const c of compRows) {
    docs.push({
      kind: 'competition',
      refId: c.id,
      sport: c.sport,
      title: c.nameZh,
      subtitle: [c.fullNameZh, c.nameEn].filter((s) => s && s !== c.nameZh).join(' · '),
      href: competitionHref(c.sport, c.id),
      image: null,
      boost: c.isHot ? 1 : 0.5,
      text: [c.nameZh, c.fullNameZh, c.nameEn, c.shortName, c.regionZh],
      pinyinOf: [c.nameZh],
      aliases: [c.fullNameZh, c.nameEn, c.shortName],
    });
  }
  for (const { r, nickName, portrait } of roomRows) {
    docs.push({
      kind: 'room',
      refId: r.id,
      sport: r.navId <= 2 ? r.navId : null,
      title: r.title,
      subtitle: `${nickName}${r.liveState === 1 ? ' · 直播中' : ''}`,
      href: `/live/room/${r.id}`,
      image: r.cover ?? portrait,
      boost: round1(r.liveState === 1 ? 0.5 + popularity(r.heat) / 2 : popularity(r.heat) / 2),
      text: [r.title, nickName],
    });
  }
  for (const u of peopleRows) {
    if (u.isAnchor === 1) {
      docs.push({
        kind: 'anchor',
        refId: u.id,
        sport: null,
        title: u.nickName,
        subtitle: `主播 · Lv${u.level}`,
        href: `/personal/${u.id}?headerNavIndex=2`,
        image: u.portrait,
        boost: round1(u.level / 50),
        text: [u.nickName],
      });
    }
    if (u.isExpert === 1) {
      docs.push({
        kind: 'expert',
        refId: u.id,
        sport: null,
        title: u.nickName,
        subtitle: u.expertTitle ?? '专家',
        href: `/guide/expert/info/${u.id}`,
        image: u.portrait,
        boost: round1(u.level / 50),
        text: [u.nickName, u.expertTitle ?? ''],
      });
    }
  }
  for (const { p, nickName } of planRows) {
    docs.push({
      kind: 'plan',
      refId: p.id,
      sport: p.sport,
      title: p.title,
      subtitle: `${nickName} · ${p.status === 'open' ? '在售' : '已结算'}`,
      href: `/guide/plan/${p.id}`,
      image: null,
      boost: p.status === 'open' ? 1 : 0.5,
      text: [p.title, nickName],
    });
  }
  for (const a of articleRows) {
    docs.push({
      kind: 'article',
      refId: a.id,
      sport: null,
      title: a.title,
      subtitle: a.summary,
      href: `/news/${a.id}`,
      image: a.cover,
      boost: popularity(a.views),
      text: [a.title, a.summary],
    });
  }
  for (const p of postRows) {
    const text = p.content.slice(0, 300);
    docs.push({
      kind: 'post',
      refId: p.id,
      sport: null,
      title: text.length > 60 ? `${text.slice(0, 60)}…` : text,
      subtitle: p.nickName,
      href: `/community/post/${p.id}`,
      image: null,
      boost: popularity(p.likes),
      text: [text, p.nickName],
    });
  }
  for (const h of helpRows) {
    docs.push({
      kind: 'help',
      refId: h.id,
      sport: null,
      title: h.title,
      subtitle: h.summary,
      href: h.category === 'live' ? `/about/live/${h.id}` : `/about/${h.slug ?? h.id}`,
      image: null,
      boost: 0,
      text: [h.title, h.summary],
    });
  }
  return docs;
}
