import type { MiddlewareHandler } from 'astro';

/**
 * Spec §6 names the page middlewares and their order. A name that is not registered is a
 * programming error that must be loud: the request fails with 500 "Unknown middleware <name>".
 */
export function runNamed(
  registry: Record<string, MiddlewareHandler>,
  names: readonly string[],
): MiddlewareHandler {
  return (context, next) => {
    const step = (i: number): ReturnType<MiddlewareHandler> => {
      if (i === names.length) return next();
      const handler = registry[names[i]];
      if (!handler) {
        return new Response(`Unknown middleware ${names[i]}`, {
          status: 500,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      }
      return handler(context, () => step(i + 1) as Promise<Response>);
    };
    return step(0);
  };
}
