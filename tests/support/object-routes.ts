import type { Reply } from './accounts.ts';
import type { Route } from './routes.ts';

/** Input names that hold the id of an object: id, postId, conversationId, orderNo, cardId… */
export const ID_LIKE = /^(id|\w+Id|\w+No)$/;

/** An id no row has: a call on it can only be refused as unknown, so asking a route changes nothing. */
const UNKNOWN_ID = '2147483647';

type Send = (
  method: string,
  path: string,
  opts: { body?: Record<string, unknown>; token?: string },
) => Promise<Reply>;

/**
 * The id-like inputs of a route, asked of the route itself: its path parameters, and the fields it asks
 * for when called with nothing. A 400 `参数 X 无效` names a missing field; it is filled (an id with an
 * unknown one, anything else with 1) and the call repeated until the route stops asking. A field a
 * route reads only after a rule of its own (an amount, a choice from a list) is not seen this way.
 */
export async function idInputsOf(send: Send, route: Route, token: string): Promise<string[]> {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const path = route.path
    .replace(/^\/svc/, '')
    .replace(/:(\w+)(\{([^}]*)\})?/g, (_m, _name: string, _re, alts?: string) =>
      alts ? alts.split('|')[0] : UNKNOWN_ID,
    );
  const body: Record<string, string> = {};
  const asked: string[] = [];
  for (let round = 0; round < 8; round++) {
    const reply = await send(route.method, path, { body, token });
    const field = reply.code === 400 ? /^参数 (\w+) 无效/.exec(reply.msg)?.[1] : undefined;
    if (!field || asked.includes(field)) break;
    asked.push(field);
    body[field] = ID_LIKE.test(field) ? UNKNOWN_ID : '1';
  }
  return [...params, ...asked].filter((name) => ID_LIKE.test(name));
}
