// The process entry: validates config, opens the database, starts the one HTTP server.
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { createHttpServer, loadAstroHandler } from './http/server.ts';
import { gracefulShutdown } from './http/shutdown.ts';
import { startCommunityJobs } from './services/community/jobs.ts';
import { startLiveJobs } from './services/live/jobs.ts';
import { startTipsJobs } from './services/tips/jobs.ts';
import { startNewsJobs } from './services/news/jobs.ts';
import { startSearchJobs } from './services/search/jobs.ts';
import { startYouliaoJobs } from './services/youliao/jobs.ts';
import { startMediaJobs } from './services/media/jobs.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// The built site loads while the database opens (module loading overlaps PGlite's WASM start-up).
const astroLoading = loadAstroHandler();
const app = await createContext(config);
const astro = await astroLoading;
if (!astro) app.log.warn('dist/server/entry.mjs not found: pages are off until `npm run build`');
const { server, hub } = createHttpServer(app, astro);

server.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  app.log.info(
    { port, db: app.dbh.kind, pubsub: app.pubsub.kind, ms: Math.round(performance.now()) },
    `${config.siteName} listening on http://localhost:${port}`,
  );
  setTimeout(startJobs, JOBS_DELAY_MS);
});

/**
 * Answer first, catch up after: the background jobs (the simulator's catch-up, the search index,
 * the newsroom …) keep PGlite busy for seconds, so they start once the first request has been
 * answered, or JOBS_DELAY_MS after start-up when none comes (issue: speed, restart < 2 s).
 */
const JOBS_DELAY_MS = 2_000;
let stops: (() => Promise<void>)[] = [];
const startJobs = () => {
  if (stops.length) return;
  stops = [
    startLiveJobs(app),
    startCommunityJobs(app),
    startTipsJobs(app),
    startNewsJobs(app),
    startSearchJobs(app),
    startYouliaoJobs(app),
    startMediaJobs(app),
  ];
  void app.services.sports.startFeed();
};
server.once('request', (_req, res) => res.once('close', startJobs));
const stopJobs = async () => void (await Promise.all(stops.map((stop) => stop())));
gracefulShutdown({
  server,
  hub,
  app,
  stopJobs,
});
