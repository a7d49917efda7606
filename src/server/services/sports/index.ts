import type { SportId } from '../../../lib/vocab/sports.ts';
import { CHANNEL } from '../../../lib/realtime/codes.ts';
import { pubsubChannel } from '../../realtime/publish.ts';
import { createFeedClock } from '../../providers/sports/clock.ts';
import type { SportsProvider } from '../../providers/sports/feed.ts';
import { importFeedDocument, type FeedDocument } from '../../providers/sports/json-import.ts';
import { createSimulator } from '../../providers/sports/simulator/index.ts';
import { createFeedWriter, type WriterDeps } from '../../providers/sports/writer.ts';
import type { ServiceDeps } from '../deps.ts';

type ScoreListener = NonNullable<WriterDeps['onScore']>;
import { createAnalysisService } from './analysis.ts';
import { createCentreServices } from './centre.ts';
import { createDataService } from './data.ts';
import { createMatchFollowService } from './follows.ts';
import { createHotCache } from './hot-cache.ts';
import { createListService } from './lists.ts';
import { createLotteryService } from './lottery.ts';
import { createMatchService } from './match.ts';
import { createOddsService } from './odds.ts';
import { createScoreboardService } from './scoreboards.ts';
import { createStandingsService } from './standings.ts';
import { createTimelineService } from './timeline.ts';

/**
 * 比分与资料 — the sports data engine's services (docs/sports-api.md). Every write comes through
 * `feed` (the SportsFeed port); the provider behind it is the simulator unless SPORTS_FEED=import.
 */
export function createSportsServices(deps: ServiceDeps) {
  const { db, config } = deps;
  const clock = createFeedClock(config.sports.simSpeed, config.sports.simStart);
  const cache = createHotCache();
  const stateListeners: ((matchId: number, sport: SportId, state: number) => void)[] = [];
  const scoreListeners: ScoreListener[] = [];
  const feed = createFeedWriter({
    db,
    pubsub: deps.pubsub,
    log: deps.log,
    onChange: (sport) => cache.invalidate(sport),
    onStateChange: (...args) => stateListeners.forEach((fn) => fn(...args)),
    onScore: (...args) => scoreListeners.forEach((fn) => fn(...args)),
  });
  // Writes made on another instance reach this one's cache through the score channels.
  for (const [channel, sport] of [
    [CHANNEL.football, 1],
    [CHANNEL.basketball, 2],
  ] as const) {
    deps.pubsub
      .subscribe(pubsubChannel(channel), () => cache.invalidate(sport as SportId))
      .catch((err) => deps.log.warn({ err }, 'sports cache subscription failed'));
  }
  const lists = createListService({ db, clock, cache });
  const standings = createStandingsService(db);
  const odds = createOddsService(db);
  const match = createMatchService(db);
  const simulator =
    config.sports.feed === 'simulator'
      ? createSimulator({
          db,
          feed,
          clock,
          log: deps.log,
          seed: config.sports.simSeed,
          instanceId: config.instanceId,
        })
      : null;
  const provider: SportsProvider | null = simulator;

  return {
    clock,
    feed,
    lists,
    lottery: createLotteryService({ db, cache, lists }),
    match,
    timeline: createTimelineService(db, match),
    odds,
    standings,
    analysis: createAnalysisService({ db, clock, lists, standings, odds }),
    data: createDataService({ db, lists }),
    follows: createMatchFollowService({ db, lists }),
    scoreboards: createScoreboardService({ db, cache, lists }),
    centre: createCentreServices({ db, lists, standings, odds, data: createDataService({ db, lists }) }),
    /**
     * Which provider feeds the data, whether it is demo data, the feed's clock, whether this instance
     * has caught up with it, and the feed time its last pass reached (null without a provider).
     */
    feedInfo: () => ({
      provider: provider?.name ?? 'import',
      demo: provider?.demo ?? false,
      speed: clock.speed,
      now: clock.now(),
      caughtUp: provider?.caughtUp() ?? true,
      playedTo: provider?.playedTo() ?? null,
    }),
    /** Runs `fn` after each state change this instance's feed writes (the instance running the feed). */
    onStateChange: (fn: (matchId: number, sport: SportId, state: number) => void) => {
      stateListeners.push(fn);
    },
    /** Runs `fn` after each score change with a highlight (goal, red card …) this instance's feed writes. */
    onScore: (fn: ScoreListener) => {
      scoreListeners.push(fn);
    },
    importFeed: (doc: FeedDocument) => importFeedDocument(db, feed, doc),
    /**
     * Plays the simulator's calendar up to the feed clock now, once (first-start set-up: the demo's
     * community, 锦囊 and news are written from finished matches, before the first request).
     */
    catchUp: async () => (simulator ? simulator.syncTo(clock.now()) : 0),
    startFeed: async () => provider?.start(),
    stopFeed: async () => provider?.stop(),
  };
}

export type SportsServices = ReturnType<typeof createSportsServices>;
