/// <reference types="astro/client" />
import type { AppContext } from './server/context.ts';
import type { HeaderFigures } from './server/services/sessions/header-figures.ts';
import type { SessionUser } from './server/services/sessions/sessions.ts';

declare global {
  namespace App {
    interface Locals {
      /** The process's services, handed over by src/server/http/server.ts (never imported by pages). */
      app: AppContext;
      requestId: string;
      /** The `token` cookie, when the browser sent one. */
      token: string | null;
      /**
       * The logged-in user for this render, or null. Reading it makes the page one that renders
       * for each fan (src/middleware/login.ts); the header's personal part reads `login`.
       */
      user: SessionUser | null;
      /** The same user, read without making the page personal: the middleware and HeaderMe.astro. */
      readonly login: SessionUser | null;
      /**
       * The logged-in user's balances and unread counts, read with the login: like `login`, for the
       * header's personal part alone (HeaderMe.astro; tests/unit/login-reads.test.ts).
       */
      header: HeaderFigures | null;
      /** Whether the page read `user` (so its body depends on who asks). */
      userRead: boolean;
      /** What /search searched for, shown again in the header's search box. */
      searchWord?: string;
    }
  }
}
export {};
