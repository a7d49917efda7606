import type { SessionUser } from '../server/services/sessions/sessions.ts';

/**
 * Makes `locals.user` note whether the page read it (issue #34). A page that never reads it renders
 * the same for every fan as for a visitor, so a logged-in fan is served the visitor's copy of it with
 * only the header's personal part rendered for them (src/server/http/page-handler.ts); a page that
 * reads it, even to find nobody logged in, renders for each fan.
 *
 * `locals.login` is the same user, read without noting: for the middleware and for the header's
 * personal part (components/layout/HeaderMe.astro), which is what the server renders per fan. A page
 * body must learn who asks through `user` alone (never `login`, nor the `token` cookie itself).
 */
export function watchUserReads(locals: object): void {
  let user: SessionUser | null = null;
  const watched = locals as App.Locals;
  watched.userRead = false;
  Object.defineProperties(locals, {
    user: {
      get() {
        watched.userRead = true;
        return user;
      },
      set(value: SessionUser | null) {
        user = value;
      },
      enumerable: true,
    },
    login: { get: () => user, enumerable: true },
  });
}
