import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CODE, MSG } from '../../lib/messages.ts';
import type { AppContext } from '../context.ts';
import { identify } from './auth.ts';
import { isUploadPath } from './body.ts';
import { refuseControlChars } from './control-chars.ts';
import { fail } from './envelope.ts';
import { ApiError, isApiError } from '../errors.ts';
import { rateLimit } from './rate-limit.ts';
import { createTrafficCounter } from '../services/ops/traffic.ts';
import type { GatewayEnv } from './types.ts';
import { apiRoutes } from './routes/api.ts';
import { chatRoutes } from './routes/live-match-chat.ts';
import { communityRoutes } from './routes/community.ts';
import { communityMoreRoutes } from './routes/community-more.ts';
import { cspReportRoutes } from './routes/csp-report.ts';
import { advertRoutes } from './routes/site-adverts.ts';
import { captchaRoutes } from './routes/captcha.ts';
import { smsCodeRoutes } from './routes/accounts-sms-codes.ts';
import { socketTokenRoutes } from './routes/socket-token.ts';
import { youliaoRoutes } from './routes/youliao.ts';
import { messageRoutes } from './routes/messages.ts';
import { newsRoutes } from './routes/news.ts';
import { opsRoutes } from './routes/ops.ts';
import { sportsRoutes } from './routes/sports.ts';
import { payRoutes } from './routes/wallet.ts';
import { tipsRoutes } from './routes/tips.ts';
import { predictionRoutes } from './routes/predictions.ts';
import { ratingRoutes } from './routes/ratings.ts';
import { userRoutes } from './routes/user.ts';
import { mediaHookRoutes } from './routes/media-hooks.ts';

/** The service gateway: every spec call lives under /svc with its path unchanged. */
export function createGateway(app: AppContext) {
  const gw = new Hono<GatewayEnv>().basePath('/svc');
  // Answers by status, for the console's error rate (services/ops/traffic.ts).
  const traffic = createTrafficCounter(app.kv);

  gw.use(async (c, next) => {
    const requestId = c.req.header('x-request-id') || randomUUID();
    c.set('app', app);
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    c.header('cache-control', 'no-store');
    const started = performance.now();
    await next();
    traffic.record(c.res.status);
    app.log.info(
      {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'svc',
    );
  });
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError(CODE.tooLarge, MSG.bodyTooLarge);
      },
    });
  // Image uploads carry up to six 5 MB files as base64 (a third larger); other bodies stay small.
  const [smallBody, uploadBody] = [limit(8 * 1024 * 1024), limit(42 * 1024 * 1024)];
  gw.use((c, next) => (isUploadPath(c.req.path) ? uploadBody : smallBody)(c, next));
  gw.use(refuseControlChars);
  gw.use(identify);
  // The media server's hooks come from one address for every viewer: before the per-caller ceiling.
  gw.route('/media', mediaHookRoutes);
  // A generous ceiling for the whole API, per user and per address (many users behind one NAT, test
  // runners, a site's own proxy without TRUST_PROXY); sensitive routes add tighter ones.
  gw.use(rateLimit({ name: 'svc', max: 600, ipMax: 10_000, windowMs: 60_000 }));

  gw.route('/live', sportsRoutes);
  gw.route('/live', ratingRoutes);
  gw.route('/api', apiRoutes);
  gw.route('/chat', chatRoutes);
  gw.route('/inform/captcha', captchaRoutes);
  gw.route('/inform', advertRoutes);
  gw.route('/inform', smsCodeRoutes);
  gw.route('/inform', communityRoutes);
  gw.route('/inform', communityMoreRoutes);
  gw.route('/inform', newsRoutes);
  gw.route('/inform', youliaoRoutes);
  gw.route('/imapi', socketTokenRoutes);
  gw.route('/user', userRoutes);
  gw.route('/tj', tipsRoutes);
  gw.route('/tj', predictionRoutes);
  gw.route('/pay', payRoutes);
  gw.route('/message', messageRoutes);
  gw.route('/ops', opsRoutes);
  gw.route('/csp', cspReportRoutes);

  gw.notFound((c) => fail(c, new ApiError(CODE.notFound, MSG.notFoundApi)));
  gw.onError((err, c) => {
    if (isApiError(err)) return fail(c, err);
    app.log.error({ reqId: c.var.requestId, err }, 'svc error');
    return fail(c, new ApiError(CODE.serverError, MSG.serverError));
  });
  return gw;
}
