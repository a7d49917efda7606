import type { IncomingMessage, ServerResponse } from 'node:http';
import { UPLOADS_PREFIX, type StorageProvider } from '../providers/storage/storage.ts';

/**
 * Serves /uploads/{hash}.webp from the storage provider. Names are content hashes, so a file
 * never changes: browsers and CDNs keep it a year. Returns false for other paths.
 */
export function createUploadsHandler(storage: StorageProvider) {
  return function serveUploads(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '/').split('?')[0];
    if (!path.startsWith(UPLOADS_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const name = storage.nameOf(path);
    const file = name ? storage.get(name) : Promise.resolve(null);
    file
      .then((f) => {
        if (!f) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
          return;
        }
        res.writeHead(200, {
          'content-type': f.contentType,
          'content-length': f.data.length,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        });
        res.end(req.method === 'HEAD' ? undefined : f.data);
      })
      .catch(() => res.writeHead(500).end());
    return true;
  };
}
