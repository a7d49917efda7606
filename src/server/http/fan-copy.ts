import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { accepts } from './accept-encoding.ts';
import type { Entry } from './page-cache.ts';

/** The header's personal part in a page: one element, which holds no other of its name (HeaderMe.astro). */
const PART_START = Buffer.from('<me-slot');
const PART_END = Buffer.from('</me-slot>');
/**
 * What a logged-in fan's copy has in the part's place: an empty slot (an avatar-sized grey dot, so
 * neither the login button nor a stranger's name ever shows) that fills itself in the browser from
 * /parts/me (HeaderMe.astro's script). The classes are all used by UserArea.astro, so the site's
 * stylesheet has them.
 */
const FAN_SLOT = Buffer.from(
  '<me-slot class="contents" data-fill><span aria-hidden="true" class="block h-8 w-8 shrink-0 rounded-full bg-page"></span></me-slot>',
);

interface FanCopy {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Each visitor's copy's fan copy, made on the first fan's request and gone with the copy. */
const copies = new WeakMap<Entry, FanCopy | null>();

/** Whether a logged-in fan may be served this visitor's page: it has the part to replace. */
export function hasPersonalPart(page: Buffer): boolean {
  return page.includes(PART_START);
}

/**
 * The visitor's copy with the empty slot in place of its personal part, compressed once for all
 * fans (a compression per answer cost more than the whole visitor's answer); null without a part.
 */
function fanCopyOf(page: Entry): FanCopy | null {
  let copy = copies.get(page);
  if (copy !== undefined) return copy;
  const start = page.identity.indexOf(PART_START);
  const end = page.identity.indexOf(PART_END, start);
  copy = null;
  if (start !== -1 && end !== -1) {
    const identity = Buffer.concat([
      page.identity.subarray(0, start),
      FAN_SLOT,
      page.identity.subarray(end + PART_END.length),
    ]);
    copy = {
      identity,
      gzip: gzipSync(identity, { level: 6 }),
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    };
  }
  copies.set(page, copy);
  return copy;
}

/**
 * Answers a logged-in fan with the fan copy of `page` (a shared visitor's copy): nothing in it is
 * theirs, yet it is private, since it says a login cookie came with the request. False when the
 * page has no personal part to replace.
 */
export function sendFanCopy(page: Entry, req: IncomingMessage, res: ServerResponse): boolean {
  const copy = fanCopyOf(page);
  if (!copy) return false;
  const headers: OutgoingHttpHeaders = {
    ...page.headers,
    'cache-control': 'private, no-store',
    vary: 'Accept-Encoding, Cookie',
    'x-page-cache': 'fan',
  };
  const accepted = req.headers['accept-encoding'] ?? '';
  const [body, encoding] = accepts(accepted, 'br')
    ? [copy.br, 'br']
    : accepts(accepted, 'gzip')
      ? [copy.gzip, 'gzip']
      : [copy.identity, null];
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(body);
  return true;
}
