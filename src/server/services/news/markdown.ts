import MarkdownIt from 'markdown-it';

/**
 * Article bodies are Markdown. Raw HTML is never passed through: on save every tag is removed from
 * the source (so no script or event handler is even stored), and on render markdown-it runs with
 * `html: false` (any `<` left is escaped) and an allow-list of link targets: site paths, #anchors and
 * http(s). Pictures must be our own uploads or site files.
 */
const SAFE_LINK = /^(\/(?!\/)|#|https?:\/\/)/i;
const SAFE_IMAGE = /^\/(?!\/)/;

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
md.validateLink = (url) => SAFE_LINK.test(String(url).trim());

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet('href') ?? '');
  if (/^https?:/i.test(href)) {
    tokens[idx].attrSet('rel', 'nofollow noopener');
    tokens[idx].attrSet('target', '_blank');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};
md.renderer.rules.image = (tokens, idx) => {
  const t = tokens[idx];
  const src = String(t.attrGet('src') ?? '');
  const alt = md.utils.escapeHtml(t.content);
  if (!SAFE_IMAGE.test(src)) return alt;
  return `<img src="${md.utils.escapeHtml(src)}" alt="${alt}" loading="lazy" decoding="async">`;
};

/** Save-time cleaning: tags and HTML comments out, unsafe link schemes neutralised, line ends unified. */
export function cleanMarkdown(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\]\(\s*(javascript|vbscript|data):[^)]*\)/gi, '](#)')
    .trim();
}

/** Render-time: Markdown to HTML with the allow-list above (the stored text is cleaned again first). */
export function renderMarkdown(source: string): string {
  return md.render(cleanMarkdown(source));
}
