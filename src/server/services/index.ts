import { createStorage } from '../providers/storage/index.ts';
import { createAccountServices } from './accounts/index.ts';
import { createCommunityServices } from './community/index.ts';
import { createCaptchaService } from './captcha/captcha.ts';
import { createExpertService } from './experts/experts.ts';
import { createPeopleFollowService } from './follows/people.ts';
import { createSportFollowService } from './follows/sports.ts';
import { createHealthService } from './health.ts';
import { createLiveServices } from './live/index.ts';
import { createMediaServices } from './media/index.ts';
import { createMessageServices } from './messages/index.ts';
import { createNewsServices } from './news/index.ts';
import { createPagesEditor } from './site/pages-editor.ts';
import { createNotificationService } from './notifications/notifications.ts';
import { createOpsContent } from './ops/content.ts';
import { createOpsServices } from './ops/index.ts';
import { createFeedbackReplies } from './ops/feedback-replies.ts';
import { createReviewNotices } from './ops/review-notices.ts';
import { createReportDecisions } from './ops/report-decisions.ts';
import { createReportQueue } from './ops/report-queue.ts';
import { createOpsUsers } from './ops/users.ts';
import { createSearchService } from './search/search.ts';
import { createSessionService } from './sessions/sessions.ts';
import { createSiteService } from './site/site.ts';
import { createSportsServices } from './sports/index.ts';
import { createTipServices } from './tips/index.ts';
import { createPredictionService } from './predictions/index.ts';
import { createRatingService } from './ratings/index.ts';
import { createUploadService } from './uploads/uploads.ts';
import { createWalletServices } from './wallet/index.ts';
import { createYouliaoServices } from './youliao/index.ts';
import type { ServiceDeps } from './deps.ts';

/** The service layer, one object per domain. Pages and routes call these, never SQL. */
export function createServices(deps: ServiceDeps) {
  const storage = createStorage(deps.config);
  const accounts = createAccountServices(deps, storage);
  const wallet = createWalletServices(deps, accounts);
  const uploads = createUploadService(storage);
  const ops = createOpsServices(deps.db, { kv: deps.kv, codes: accounts.codes, wallet, config: deps.config });
  const notifications = createNotificationService(deps.db, deps.pubsub);
  const sports = createSportsServices(deps);
  const site = createSiteService(deps.db);
  const sportFollows = createSportFollowService(deps.db, notifications);
  // Alerts for followed teams, from the instance that runs the feed; a failure never stops the feed.
  const alertFailed = (err: unknown) => deps.log.warn({ err }, 'follow alert failed');
  sports.onScore((m, h) => void sportFollows.onGoal(m, h).catch(alertFailed));
  sports.onStateChange((matchId) => void sportFollows.onFinish(matchId).catch(alertFailed));
  const live = createLiveServices(deps, {
    storage,
    accounts,
    wallet,
    ops,
    notices: notifications,
    feedNow: () => sports.clock.now(),
  });
  const community = createCommunityServices(deps, { uploads, storage, notices: notifications, ops });
  const news = createNewsServices(deps, { uploads, storage, notices: notifications, ops });
  const opsUsers = createOpsUsers({
    db: deps.db,
    log: ops.log,
    notices: notifications,
    secondFactor: ops.secondFactor,
  });
  const messages = createMessageServices(deps, { storage, notices: notifications, ops });
  // The console's one report queue over every kind of report (docs/ops.md).
  const reportQueue = createReportQueue(deps.db);
  const reportDecisions = createReportDecisions({
    db: deps.db,
    log: ops.log,
    notices: notifications,
    users: opsUsers,
    community: community.reports,
    newsComments: news.comments,
    suspendRoom: (staff, roomId, reason) => live.roomAdmin.setAuditState(staff, roomId, false, reason),
    publish: live.publish,
    queue: reportQueue,
  });
  return {
    accounts,
    captcha: createCaptchaService(deps),
    experts: createExpertService(deps.db),
    uploads,
    health: createHealthService(deps.db, deps.kv),
    search: createSearchService(deps.db, deps.kv, ops, deps.appSecret),
    sessions: createSessionService(deps.db),
    site,
    pages: createPagesEditor(deps.db, ops, site.aboutIndex.invalidate),
    wallet,
    live,
    media: createMediaServices(deps, { live, clock: sports.clock }),
    ops,
    opsUsers,
    opsReports: { queue: reportQueue, decisions: reportDecisions },
    opsContent: createOpsContent({
      db: deps.db,
      log: ops.log,
      changed: {
        placements: site.invalidatePlacements,
        gifts: wallet.gifts.invalidate,
        tiers: wallet.nobility.invalidate,
      },
    }),
    notifications,
    community,
    sports,
    follows: createPeopleFollowService(deps.db),
    sportFollows,
    messages,
    opsNotices: createReviewNotices({ db: deps.db, notices: notifications }),
    opsFeedback: createFeedbackReplies({ db: deps.db, log: ops.log, messages }),
    tips: createTipServices(deps, {
      ledger: wallet.ledger,
      ops,
      notices: notifications,
      now: () => sports.clock.now(),
    }),
    predictions: createPredictionService(deps.db, () => sports.clock.now()),
    ratings: createRatingService(deps.db, () => sports.clock.now()),
    news,
    youliao: createYouliaoServices(deps, { ledger: wallet.ledger, opsLog: ops.log, notices: notifications }),
  };
}

export type Services = ReturnType<typeof createServices>;
