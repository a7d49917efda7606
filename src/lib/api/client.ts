import { createFetch } from 'ofetch';
import { toFormBody, wantsJson, type HeaderMap } from './body.ts';
import { MSG } from '../messages.ts';
import { ApiFailure, NETWORK_FAILURE, SUCCESS_CODE, isEnvelope, type Envelope } from './envelope.ts';

/** Spec §9: channel id 3, platform 1 — added to every GET. */
export const CHANNEL_ID = 3;
export const PLATFORM = 1;
/** Spec §9 timeouts. */
export const TIMEOUT_MS = 20_000;
export const SSR_TIMEOUT_MS = 5_000;

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface ClientOptions {
  /** `/svc` in the browser; an absolute URL (e.g. `http://127.0.0.1:4321/svc`) on the server. */
  baseURL: string;
  /** The auth token, sent as the `accessToken` header; nothing is sent when it returns nothing. */
  getToken?: () => string | null | undefined;
  /** Server-side rendering: 5000 ms timeout and credentials included. */
  ssr?: boolean;
  /** A fetch implementation (tests); the global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  headers?: HeaderMap;
  /** Extra query parameters for POST/PUT/DELETE (GET takes them as its second argument). */
  query?: Query;
}

/**
 * The site's HTTP client (spec §7 "Common behaviour"). Each method resolves to the envelope when
 * the HTTP status is 2xx and `code` is 200, and rejects with an ApiFailure otherwise.
 */
export interface ApiClient {
  get<T = unknown>(path: string, query?: Query, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Headers every request carries: the caller's, plus accessToken when logged in. */
export function authHeaders(getToken: ClientOptions['getToken'], headers: HeaderMap = {}): HeaderMap {
  const token = getToken?.();
  return token ? { accessToken: token, ...headers } : { ...headers };
}

function causeMessage(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
}

export function createApiClient(options: ClientOptions): ApiClient {
  const $fetch = createFetch({ fetch: options.fetch });
  const timeout = options.ssr ? SSR_TIMEOUT_MS : TIMEOUT_MS;

  async function send<T>(method: Method, path: string, body: unknown, opts: RequestOptions = {}) {
    const headers = authHeaders(options.getToken, opts.headers);
    const query =
      method === 'GET' ? { channelId: CHANNEL_ID, platform: PLATFORM, ...opts.query } : opts.query;
    let response;
    try {
      response = await $fetch.raw(path, {
        method,
        baseURL: options.baseURL,
        query,
        headers,
        // A plain object with the JSON header is stringified by ofetch.
        body: method === 'GET' ? undefined : wantsJson(headers) ? (body as BodyInit) : toFormBody(body),
        timeout,
        credentials: options.ssr ? 'include' : undefined,
        retry: false,
        ignoreResponseError: true,
      });
    } catch (err) {
      throw new ApiFailure(NETWORK_FAILURE, causeMessage(err));
    }
    const data: unknown = response._data;
    if (response.ok && isEnvelope(data) && data.code === SUCCESS_CODE) return data as Envelope<T>;
    if (isEnvelope(data)) throw new ApiFailure(data.code, String(data.msg ?? ''), data.data, response.status);
    // No envelope (a proxy's error page, an empty body): the status says what happened.
    throw new ApiFailure(
      response.ok ? NETWORK_FAILURE : response.status,
      MSG.serverError,
      data ?? null,
      response.status,
    );
  }

  return {
    get: (path, query, opts) =>
      send('GET', path, undefined, { ...opts, query: { ...opts?.query, ...query } }),
    post: (path, body, opts) => send('POST', path, body, opts),
    put: (path, body, opts) => send('PUT', path, body, opts),
    delete: (path, body, opts) => send('DELETE', path, body, opts),
  };
}
