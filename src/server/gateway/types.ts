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
