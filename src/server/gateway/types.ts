import type { AppContext } from '../context.ts';
import type { SessionUser } from '../services/sessions/sessions.ts';

export interface GatewayEnv {
  Variables: {
    app: AppContext;
    requestId: string;
    /** The caller, when the accessToken header names a live session. */
    user: SessionUser | null;
    accessToken: string | null;
  };
}

/**
 * The gateway after `requireUser` or `requireAccess` (auth.ts): the caller is known. A handler behind
 * one of them reads `c.var.user` as a `SessionUser`, because Hono types a route's handlers with the
 * environments of the middleware before them.
 */
export interface UserEnv extends GatewayEnv {
  Variables: GatewayEnv['Variables'] & { user: SessionUser };
}

/** What helpers shared by the routes of signed-in callers take (`me(c)`, `caller(c)`). */
export type UserCtx = { var: UserEnv['Variables'] };
