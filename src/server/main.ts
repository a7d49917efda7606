// The process entry: validates config, opens the database, starts the one HTTP server.
import { ConfigError, loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { createHttpServer, loadAstroHandler } from './http/server.ts';
import { gracefulShutdown } from './http/shutdown.ts';
import { startLiveJobs } from './services/live/jobs.ts';
import { startTipsJobs } from './services/tips/jobs.ts';
import { startNewsJobs } from './services/news/jobs.ts';
import { startSearchJobs } from './services/search/jobs.ts';
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

const app = await createContext(config);
const astro = await loadAstroHandler();
if (!astro) app.log.warn('dist/server/entry.mjs not found: pages are off until `npm run build`');
const { server, hub } = createHttpServer(app, astro);

server.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  app.log.info(
    { port, db: app.dbh.kind, pubsub: app.pubsub.kind },
    `${config.siteName} listening on http://localhost:${port}`,
  );
});

const stops = [
  startLiveJobs(app),
  startTipsJobs(app),
  startNewsJobs(app),
  startSearchJobs(app),
  startMediaJobs(app),
];
const stopJobs = async () => void (await Promise.all(stops.map((stop) => stop())));
void app.services.sports.startFeed();
gracefulShutdown({
  server,
  hub,
  app,
  stopJobs,
});
