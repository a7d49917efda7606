import { z } from 'zod';
import { POST_RULES } from '../../../lib/community/rules.ts';
import type { Actor } from '../../services/community/posts.ts';
import type { SessionUser } from '../../services/sessions/sessions.ts';
import { MAX_ID, q, text, validate } from '../../validate.ts';

/** Readers for the community calls' loose bodies (form-encoded or JSON). */

/**
 * pageParam {pageNum, pageSize=30}: as a JSON object, as form keys pageParam[pageNum] or
 * pageParam.pageNum, or as flat pageNum/pageSize.
 */
export function pageOf(input: Record<string, unknown>, fallbackSize: number = POST_RULES.pageSize) {
  const pick = (k: string) => pageField(input, k);
  return validate(z.object({ pageNum: q.page(), pageSize: q.pageSize(fallbackSize, 100) }), {
    pageNum: text(pick('pageNum')) || undefined,
    pageSize: text(pick('pageSize')) || undefined,
  });
}

/** One field of the paging body: in pageParam (JSON or form keys) or flat. */
function pageField(input: Record<string, unknown>, key: string): unknown {
  const nested = (input.pageParam && typeof input.pageParam === 'object' ? input.pageParam : {}) as Record<
    string,
    unknown
  >;
  return nested[key] ?? input[`pageParam[${key}]`] ?? input[`pageParam.${key}`] ?? input[key];
}

/** The spec's paging-body filters: keyword (words in the text) and authorId, where pageOf reads. */
export function feedFiltersOf(input: Record<string, unknown>) {
  const found = validate(
    z.object({
      keyword: z.string().trim().max(POST_RULES.keywordMax).optional(),
      authorId: q.id().optional(),
    }),
    {
      keyword: text(pageField(input, 'keyword')) || undefined,
      authorId: text(pageField(input, 'authorId')) || undefined,
    },
  );
  return { keyword: found.keyword || undefined, authorId: found.authorId };
}

/** An optional positive id: '' and '0' mean absent. */
export const optionalId = (v: unknown) => {
  const n = Number(text(v));
  return Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : undefined;
};

/** A list of strings: a JSON array, repeated keys, or a comma-separated string. */
export function listOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(text).filter(Boolean);
  const s = text(v);
  if (!s) return [];
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return parsed.map(text).filter(Boolean);
    } catch {
      // fall through to the comma form
    }
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** like=1 sets, like=0 clears, absent toggles. */
export const wantOf = (v: unknown): boolean | undefined => {
  const s = text(v);
  return s === '' ? undefined : s === '1' || s === 'true';
};

export const actorOf = (u: SessionUser): Actor => ({
  id: u.id,
  nickName: u.nickName,
  isAnchor: u.isAnchor,
  roles: u.roles,
});
export const pathId = (v: string | undefined) => validate(z.object({ id: q.id() }), { id: v }).id;
