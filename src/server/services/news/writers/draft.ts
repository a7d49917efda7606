import type { NewsKind, TagKind } from '../../../../lib/news/rules.ts';

/** An article a writer produced from the data, before it is stored. */
export interface Draft {
  /** Makes writing idempotent: report:{matchId}, preview:{matchId}, review:{seasonId}, guide:{slug}. */
  sourceKey: string;
  kind: NewsKind;
  /** The column's slug it files under. */
  column: string;
  title: string;
  summary: string;
  body: string;
  publishAt: Date;
  tags: { kind: TagKind; refId: number; label: string }[];
  /** About a simulated match (演示): a badge for readers, never a sentence of the article. */
  demo?: boolean;
  /** A believable reads count for an article published before it was written (the seed). */
  views?: number;
  /** A cover drawn from the data: the teams' colours and the score (reports). */
  scoreCard?: { homeColor: string; awayColor: string; homeScore: number; awayScore: number };
}

/**
 * One of several phrasings, chosen by the subject's id and the sentence's place: the same match
 * always reads the same, neighbouring matches read differently.
 */
export function pick<T>(options: readonly T[], seed: number, salt = 0): T {
  const x = Math.imul((seed ^ (salt * 0x9e3779b1)) >>> 0, 2654435761) >>> 0;
  return options[((x ^ (x >>> 15)) >>> 0) % options.length];
}

/** Column slug of each competition key the sports engine knows. */
export const COLUMN_OF_COMPETITION: Record<string, string> = {
  'en.1': 'epl',
  'es.1': 'laliga',
  'it.1': 'seriea',
  'de.1': 'bundesliga',
  'fr.1': 'ligue1',
  'uefa.cl': 'ucl',
  'cn.1': 'csl',
  nba: 'nba',
  cba: 'cba',
};

/** "第3" → rank words; numbers as Chinese readers expect them in prose. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
