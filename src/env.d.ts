/// <reference types="astro/client" />
import type { AppContext } from './server/context.ts';
import type { SessionUser } from './server/services/sessions/sessions.ts';

declare global {
  namespace App {
    interface Locals {
      /** The process's services, handed over by src/server/http/server.ts (never imported by pages). */
      app: AppContext;
      requestId: string;
      /** The `token` cookie, when the browser sent one. */
      token: string | null;
      /** The logged-in user for this render, or null. */
      user: SessionUser | null;
      /** What /search searched for, shown again in the header's search box. */
      searchWord?: string;
    }
  }
}
export {};
