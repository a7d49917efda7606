// npm run cluster -- --instances 3 [--port 8080] [--data-dir ./data]
// N instances on PostgreSQL and Redis behind Debian's nginx; Ctrl+C stops all of it.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster.ts';
import { CLUSTER_DATABASE_URL, ensureDatabase } from './database.ts';
import { Nginx, NGINX_BIN } from './nginx.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) throw new Error('--instances: 1 to 16');
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port: 0 to 65535');
if (!Nginx.available()) {
  console.error(`nginx not found at ${NGINX_BIN}. Install it: apt-get install -y nginx`);
  process.exit(1);
}
if (!existsSync(new URL('../../dist/server/entry.mjs', import.meta.url))) {
  console.error('the site is not built: run `npm run build` first');
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL ?? CLUSTER_DATABASE_URL;
await ensureDatabase(databaseUrl);
const cluster = await startCluster({
  instances,
  port,
  dataDir: values['data-dir'],
  databaseUrl,
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
});
console.log(`\n球友圈 cluster: ${instances} instance(s) behind nginx → ${cluster.url}`);
for (const i of cluster.instances) console.log(`  instance ${i.name}: ${i.url} (pid ${i.child.pid})`);
console.log('Ctrl+C stops all of it.\n');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('stopping the cluster…');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
