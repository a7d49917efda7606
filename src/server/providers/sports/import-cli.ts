// npm run feed:import -- file.json: feeds a provider's JSON (docs/providers.md) into DATABASE_URL, or
// into the embedded PGlite in DATA_DIR — stop the server first then, PGlite is one process's database
// (a running server takes the same JSON at POST /svc/live/feed/import). With REDIS_URL set, running
// instances publish nothing themselves but their sockets get every change through Redis.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createLogger } from '../../logger.ts';
import { createMemoryPubSub, createRedisPubSub } from '../../realtime/pubsub.ts';
import { FeedError } from './feed.ts';
import { feedDocument, importFeedDocument } from './json-import.ts';
import { createFeedWriter } from './writer.ts';

const file = process.argv[2];
if (!file) {
  console.error('用法：npm run feed:import -- <文件.json>');
  process.exit(2);
}

let doc;
try {
  const parsed = feedDocument.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    console.error(`文件格式不正确：${issue.path.join('.')} ${issue.message}`);
    process.exit(1);
  }
  doc = parsed.data;
} catch (err) {
  console.error(`无法读取 ${file}：${(err as Error).message}`);
  process.exit(1);
}

const config = loadConfig();
const log = createLogger(config);
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const pubsub = config.redisUrl ? await createRedisPubSub(config.redisUrl) : createMemoryPubSub();
try {
  await migrate(handle);
  const feed = createFeedWriter({ db: handle.db, pubsub, log, onChange: () => {} });
  console.log(JSON.stringify(await importFeedDocument(handle.db, feed, doc)));
} catch (err) {
  console.error(err instanceof FeedError ? `导入失败：${err.message}` : err);
  process.exitCode = 1;
} finally {
  await pubsub.close();
  await handle.close();
}
