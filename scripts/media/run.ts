// npm run media: the media server (Debian's nginx + libnginx-mod-rtmp + ffmpeg) beside `npm start`.
// Reads the same environment as the app (DATA_DIR, PORT, APP_SECRET, MEDIA_*); Ctrl+C stops it.
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { createMediaProvider } from '../../src/server/providers/media/index.ts';
import { loadAppSecret } from '../../src/server/secrets.ts';
import { missingPackages, startMediaServer } from './server.ts';

const DEFAULT_SERVER = 'http://127.0.0.1:8935';
const env = { ...process.env, MEDIA_SERVER: process.env.MEDIA_SERVER ?? DEFAULT_SERVER };
const config = loadConfig(env);
const missing = missingPackages();
if (missing) {
  console.error(missing);
  process.exit(1);
}
const media = createMediaProvider(config.media, loadAppSecret(config));
const http = new URL(config.media.server!);
const push = new URL(config.media.pushBase.replace(/^rtmps?:/, 'http:'));
const appUrl = process.env.MEDIA_APP_URL ?? `http://127.0.0.1:${config.port}`;
const dir = resolve(join(config.dataDir, 'media'));

const server = await startMediaServer({
  dir,
  rtmpPort: Number(push.port) || 1935,
  httpPort: Number(http.port) || 80,
  appUrl,
  hookKey: media.hookKey,
  lowLine: config.media.lowLine,
  audioLine: config.media.audioLine,
  host: process.env.MEDIA_HOST ?? '0.0.0.0',
});
console.log(`球友圈 media server: push ${config.media.pushBase}, HLS ${server.url} (files in ${dir})`);
console.log(`hooks go to ${appUrl}; start the site with MEDIA_SERVER=${config.media.server}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void server.stop());
process.exitCode = (await server.exited) ?? 0;
