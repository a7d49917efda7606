import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('../../deploy/media/nginx.conf.template', import.meta.url));
/** Where Debian's libnginx-mod-rtmp puts the module (NGINX_RTMP_MODULE overrides). */
export const RTMP_MODULE = process.env.NGINX_RTMP_MODULE ?? '/usr/lib/nginx/modules/ngx_rtmp_module.so';
export const FFMPEG_BIN = process.env.FFMPEG_BIN ?? '/usr/bin/ffmpeg';

export interface MediaServerOptions {
  /** DATA_DIR/media: config, HLS, recordings, replays, logs. */
  dir: string;
  rtmpPort: number;
  httpPort: number;
  /** Where the media server reaches the app's hooks (http://127.0.0.1:PORT). */
  appUrl: string;
  /** The shared secret of the hooks (the app derives the same one). */
  hookKey: string;
  /** Make the lower-bitrate line (流畅线路) with ffmpeg. */
  lowLine: boolean;
  /** Make the audio-only line (只听声音) with ffmpeg. */
  audioLine: boolean;
  /** Listen on this address (127.0.0.1 for tests; 0.0.0.0 to take pushes from elsewhere). */
  host: string;
}

/** The ffmpeg that nginx-rtmp starts for each push: a 360p rendition published to the `low` app. */
function lowExec(o: MediaServerOptions): string {
  const args = [
    FFMPEG_BIN,
    '-nostdin -loglevel error',
    `-i rtmp://127.0.0.1:${o.rtmpPort}/live/$name`,
    '-c:v libx264 -preset veryfast -tune zerolatency -profile:v main -pix_fmt yuv420p',
    '-b:v 500k -maxrate 600k -bufsize 1000k -vf scale=-2:360',
    '-force_key_frames expr:gte(t,n_forced*2)',
    '-c:a aac -b:a 64k -ar 44100',
    `-f flv rtmp://127.0.0.1:${o.rtmpPort}/low/$name`,
  ];
  return `      exec_push ${args.join(' ')};`;
}

/** The audio-only line's bitrate: 77 kbit/s on the wire with its TS packaging, 0.58 MB a minute (issue 37: under 1 MB). */
export const AUDIO_LINE_KBPS = 64;

/**
 * The ffmpeg for the audio-only line (只听声音): the sound alone (`-vn`), AAC at AUDIO_LINE_KBPS,
 * published to the `audio` app. No video is decoded or encoded, so it costs a fraction of the 360p line.
 */
function audioExec(o: MediaServerOptions): string {
  const args = [
    FFMPEG_BIN,
    '-nostdin -loglevel error',
    `-i rtmp://127.0.0.1:${o.rtmpPort}/live/$name`,
    `-vn -c:a aac -b:a ${AUDIO_LINE_KBPS}k -ar 44100`,
    `-f flv rtmp://127.0.0.1:${o.rtmpPort}/audio/$name`,
  ];
  return `      exec_push ${args.join(' ')};`;
}

/** Fills the template (deploy/media/nginx.conf.template). */
export function renderMediaConfig(o: MediaServerOptions): string {
  const asRoot = process.getuid?.() === 0;
  return (
    readFileSync(TEMPLATE, 'utf8')
      .replaceAll('{{MODULE}}', RTMP_MODULE)
      // Run as root, nginx's workers would drop to `nobody`, which cannot write DATA_DIR: keep the user.
      .replace('{{USER}}', asRoot ? 'user root;' : '')
      .replaceAll('{{DIR}}', o.dir)
      .replaceAll('{{RTMP_LISTEN}}', `${o.host}:${o.rtmpPort}`)
      .replaceAll('{{HTTP_LISTEN}}', `${o.host}:${o.httpPort}`)
      .replaceAll('{{APP_URL}}', o.appUrl.replace(/\/$/, ''))
      .replaceAll('{{HOOK_KEY}}', o.hookKey)
      .replace('{{LOW_EXEC}}', o.lowLine ? lowExec(o) : '')
      .replace('{{AUDIO_EXEC}}', o.audioLine ? audioExec(o) : '')
  );
}
