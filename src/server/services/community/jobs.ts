import type { AppContext } from '../../context.ts';
import { startSingleton } from '../../jobs/singleton.ts';
import { writeMatchPosts } from '../../seed/community/posts.ts';

/** How often the demo community looks for matches the simulator has finished. */
export const DEMO_POSTS_MS = 10 * 60_000;

/**
 * With the demo seeded, fans' posts follow the calendar: matches the simulator finished in the last
 * days get their posts and comments after the final whistle (on the feed clock, as the simulator).
 */
export function startCommunityJobs(app: AppContext): () => Promise<void> {
  if (!app.config.seedDemo) return async () => {};
  return startSingleton(app, {
    name: 'community-demo-posts',
    everyMs: DEMO_POSTS_MS,
    run: async () => {
      const { sports, community } = app.services;
      const n = await writeMatchPosts(app.db, community.pictures, sports, sports.clock.now());
      if (n > 0) app.log.info({ posts: n }, 'community demo posts on finished matches');
    },
  });
}
