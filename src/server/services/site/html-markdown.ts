/**
 * The seed's trusted about-page HTML (h2, h3, p, ul, ol, li, strong, a, table, blockquote; see
 * src/server/seed/about-pages.ts) as Markdown, so an editor's first draft of a page starts from the
 * page readers see. Only that subset is understood; any other tag is dropped and its text kept.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]);

/** Inline markup: strong and links; every other tag goes, its text stays. */
function inline(html: string): string {
  return decode(
    html
      // CommonMark does not close `**` after punctuation before a letter (usual in Chinese), so
      // trailing punctuation moves out of the bold.
      .replace(/<strong>([\s\S]*?)(\p{P}*)<\/strong>/gu, '**$1**$2')
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, '[$2]($1)')
      .replace(/<[^>]+>/g, '')
      .replace(/\s*\n\s*/g, ' ')
      .trim(),
  );
}

function list(inner: string, ordered: boolean): string {
  const items = [...inner.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => inline(m[1]));
  return items.map((t, i) => `${ordered ? `${i + 1}.` : '-'} ${t}`).join('\n');
}

function table(inner: string): string {
  const rows = [...inner.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1].matchAll(/<t[hd]>([\s\S]*?)<\/t[hd]>/g)].map((c) => inline(c[1]).replace(/\|/g, '\\|')),
  );
  if (!rows.length) return '';
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

export function htmlToMarkdown(html: string): string {
  const blocks: string[] = [];
  const re = /<(h2|h3|p|ul|ol|table|blockquote)>([\s\S]*?)<\/\1>/g;
  for (const m of html.matchAll(re)) {
    const [, tag, inner] = m;
    if (tag === 'h2') blocks.push(`## ${inline(inner)}`);
    else if (tag === 'h3') blocks.push(`### ${inline(inner)}`);
    else if (tag === 'p') blocks.push(inline(inner));
    else if (tag === 'ul' || tag === 'ol') blocks.push(list(inner, tag === 'ol'));
    else if (tag === 'table') blocks.push(table(inner));
    else
      blocks.push(
        (/<p>/.test(inner)
          ? [...inner.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((p) => inline(p[1]))
          : [inline(inner)]
        )
          .map((t) => `> ${t}`)
          .join('\n>\n'),
      );
  }
  return blocks.filter(Boolean).join('\n\n');
}
