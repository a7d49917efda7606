import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Kv } from '../../kv/kv.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { createCommunityGuard } from '../community/guard.ts';
import { createMatchLookup } from '../live/matches.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import type { SportsServices } from '../sports/index.ts';
import type { UploadService } from '../uploads/uploads.ts';
import { createArticleService } from './articles.ts';
import { createNewsCollects } from './collects.ts';
import { createNewsComments } from './comments.ts';
import { createNewsEditor } from './editor.ts';
import { createNewsroom } from './newsroom.ts';
import { createShareImages } from './share-image.ts';
import { createSitemap } from './sitemap.ts';
import { createNewsViews } from './views.ts';

/** 头条 (docs/news.md): columns, articles, comments, collections, views, the editors' console and the data desk. */
export function createNewsServices(
  deps: { db: Db; kv: Kv; config: Pick<Config, 'dataDir' | 'siteName'> },
  parts: { uploads: UploadService; storage: StorageProvider; notices: NotificationService; ops: OpsServices },
) {
  const { db, kv } = deps;
  const articles = createArticleService(db, createMatchLookup(db));
  return {
    articles,
    sitemap: createSitemap(db),
    comments: createNewsComments(db, createCommunityGuard(db, kv), parts.notices),
    collects: createNewsCollects(db),
    views: createNewsViews(db, kv),
    editor: createNewsEditor(db, parts),
    /** Open Graph / Twitter share pictures of articles (cover + title), cached on disk. */
    share: createShareImages(deps.config.dataDir, parts.storage, deps.config.siteName),
    /** The data desk works with the sports services (built beside this one). */
    newsroom: (sports: SportsServices) => createNewsroom(db, sports, parts.uploads),
  };
}

export type NewsServices = ReturnType<typeof createNewsServices>;
