import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { CREST_PATH, crestHash } from '../../lib/sports/crest.ts';
import type { Db } from '../db/client.ts';
import { teams } from '../db/schema/sports-core.ts';
import { createCrestStore } from '../sports/crests.ts';

/**
 * Serves /crests/{teamId}-{hash}.png: the team's generated crest. The hash names the drawing's
 * inputs, so an answer never changes and is cached a year; a stale hash is a 404.
 */
export function createCrestHandler(db: Db, dataDir: string) {
  const crestPng = createCrestStore(dataDir);
  return function serveCrest(req: IncomingMessage, res: ServerResponse): boolean {
    const m = CREST_PATH.exec((req.url ?? '/').split('?')[0]);
    if (!m || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const notFound = () =>
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    db.select({ id: teams.id, shortName: teams.shortName, color: teams.color })
      .from(teams)
      .where(eq(teams.id, Number(m[1])))
      .then(async ([team]) => {
        if (!team || crestHash(team) !== m[2]) return notFound();
        const png = await crestPng(team);
        res.writeHead(200, {
          'content-type': 'image/png',
          'content-length': png.length,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        });
        res.end(req.method === 'HEAD' ? undefined : png);
      })
      .catch(() => res.writeHead(500).end());
    return true;
  };
}
