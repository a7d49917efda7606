/** Shared page metadata defaults. */
export const SITE_TITLE = '球友圈 - 足球篮球比分直播_NBA英超直播_体育赛事直播平台';
export const SITE_DESCRIPTION =
  '球友圈是专业的体育赛事直播导航与比分平台，提供足球、篮球即时比分、赛程、赔率、数据分析、体育头条、专家锦囊和主播直播间，陪你看好每一场比赛。';

const SITE_NAME = '球友圈';

/**
 * Builds a page title the way search engines show it best: page first, site after. A title that
 * names the site already (主播 - 球友圈, X - 球友圈直播) is used whole, so the name never shows twice.
 */
export function pageTitle(title?: string): string {
  if (!title) return SITE_TITLE;
  return title.includes(SITE_NAME) ? title : `${title} - ${SITE_NAME}`;
}

/** Turns a banner jump target (spec: "football/live/{id}", "guide/expert/info/{id}" …) into a link. */
export function bannerHref(b: {
  jumpType: number;
  targetId: string | null;
  outerLink: string | null;
}): string {
  if (b.jumpType === 1) return `/${(b.targetId ?? '').replace(/^\/+/, '')}`;
  return b.outerLink || '/';
}

/** A banner that opens a match page: "football/live/{id}" or "basketball/live/{id}". */
export const BANNER_MATCH_TARGET = /^(football|basketball)\/live\/(\d+)$/;

/** The match a banner opens, if it opens one (the carousel draws that match on its slide). */
export function bannerMatchId(b: { jumpType: number; targetId: string | null }): number | null {
  const m = b.jumpType === 1 ? b.targetId?.match(BANNER_MATCH_TARGET) : null;
  return m ? Number(m[2]) : null;
}
