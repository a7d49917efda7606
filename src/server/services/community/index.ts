import type { ServiceDeps } from '../deps.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { createMatchLookup } from '../live/matches.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import type { UploadService } from '../uploads/uploads.ts';
import { createCircleService } from './circles.ts';
import { createCommentService } from './comments.ts';
import { createFeedbackService } from './feedback.ts';
import { createFeeds } from './feeds.ts';
import { createCommunityGuard } from './guard.ts';
import { createLikeService } from './likes.ts';
import { createPostEdits } from './post-edits.ts';
import { createPostPictures } from './pictures.ts';
import { createPostService } from './posts.ts';
import { createReportService } from './reports.ts';
import { createShieldService } from './shields.ts';
import { createPostViews } from './views.ts';

/** 社区 (docs/community.md): circles, posts, comments, likes, shields, reports and feedback. */
export function createCommunityServices(
  deps: ServiceDeps,
  parts: { uploads: UploadService; storage: StorageProvider; notices: NotificationService; ops: OpsServices },
) {
  const { db, kv } = deps;
  const { notices, ops } = parts;
  const matches = createMatchLookup(db);
  const guard = createCommunityGuard(db, kv);
  const toViews = createPostViews(db, matches);
  const pictures = createPostPictures(parts.uploads, parts.storage);
  const posts = createPostService({ db, guard, pictures, matches, toViews, notices, ops });
  const comments = createCommentService(db, guard, notices);
  return {
    circles: createCircleService(db),
    posts,
    /** Editing posts (author or staff) and pinning them (staff). */
    edits: createPostEdits({ db, guard, pictures, matches, toViews, ops, row: posts.row }),
    feeds: createFeeds(db, toViews),
    pictures,
    likes: createLikeService(db, guard, notices, comments),
    comments,
    shields: createShieldService(db),
    reports: createReportService(db, notices, ops, comments),
    feedback: createFeedbackService(db, parts.storage),
    /** Matches a post may link to (the posting island's picker). */
    matches,
  };
}

export type CommunityServices = ReturnType<typeof createCommunityServices>;
