/**
 * Search text shared by the index, the query and the highlighter (docs/search.md). Chinese is cut
 * into words by Intl.Segmenter; a run that mixes scripts is split where the script changes, and
 * only letters and digits survive, so a token is always safe inside a tsquery.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const PIECES = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;

/** Lower-cased word tokens of `text`, in order (duplicates kept: positions matter for phrases). */
export function segment(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!s.isWordLike) continue;
    for (const piece of s.segment.match(PIECES) ?? []) {
      // The Latin/digit part of a mixed segment must not keep Han characters and vice versa.
      for (const p of piece.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) out.push(p);
    }
  }
  return out;
}

/** The Han characters of `text` one by one: indexed after the words so any substring is a phrase. */
export const hanChars = (text: string): string[] => [...text].filter((c) => HAN.test(c));

export const isHan = (token: string) => HAN.test(token);

/** The query as typed, tidied: trimmed, spaces collapsed, at most 40 characters. */
export const tidyQuery = (raw: string) => raw.normalize('NFKC').replace(/\s+/g, ' ').trim().slice(0, 40);

/**
 * What a query looks for: each run of Han characters whole (found as a phrase of characters, so
 * any substring of a name matches whatever the segmenter made of it) and each Latin/digit word.
 */
export const queryTerms = (query: string): string[] =>
  (query.normalize('NFKC').toLowerCase().match(PIECES) ?? []).slice(0, 8);

export interface Mark {
  text: string;
  hit: boolean;
}

/**
 * `text` cut into plain and matched parts for highlighting. Pages render each part as text
 * (a <mark> around hits), so nothing the user typed ever becomes markup.
 */
export function highlight(text: string, query: string): Mark[] {
  const terms = [...new Set(queryTerms(query))].sort((a, b) => b.length - a.length);
  if (!terms.length || !text) return [{ text, hit: false }];
  const lower = text.toLowerCase();
  const hit = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) {
      hit.fill(true, at, at + term.length);
    }
  }
  const marks: Mark[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = marks[marks.length - 1];
    if (last && last.hit === hit[i]) last.text += text[i];
    else marks.push({ text: text[i], hit: hit[i] });
  }
  return marks;
}
