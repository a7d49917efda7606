import nations from '../../server/seed/data/zh-names/nations_zh.json';

/** FIFA code → the country's name as mainland media write it (zh-names/nations_zh.json). */
const ZH = new Map(nations.map((n) => [n.fifa_code, n.zh]));

/**
 * A team's country or a player's nationality as a page shows it: the data keeps FIFA codes (ENG,
 * ARG; the API answers with them), a Chinese page names the country (英格兰, 阿根廷). A code the
 * list lacks is shown as it is rather than hidden.
 */
export function nationName(code: string | null | undefined): string | null {
  if (!code) return null;
  return ZH.get(code.toUpperCase()) ?? code;
}
