import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { accepts } from './accept-encoding.ts';
import type { MemoryResponse } from './in-memory.ts';

/**
 * Sends a fan's own part (/parts/me, a few KB rendered in memory for them) compressed in one
 * synchronous call: 0.1 ms, where the compression middleware's stream took about 5 ms of the
 * part's 6–10 (issue #34; measured in docs/deployment.md).
 */
export function sendOwnPart(part: MemoryResponse, req: IncomingMessage, res: ServerResponse): void {
  const identity = Buffer.concat(part.body);
  const headers: OutgoingHttpHeaders = { ...part.getHeaders(), vary: 'Accept-Encoding, Cookie' };
  delete headers['content-encoding'];
  const accepted = req.headers['accept-encoding'] ?? '';
  let body = identity;
  if (accepts(accepted, 'br')) {
    body = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    headers['content-encoding'] = 'br';
  } else if (accepts(accepted, 'gzip')) {
    body = gzipSync(identity);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = body.length;
  res.writeHead(part.statusCode, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
