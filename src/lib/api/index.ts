import { createApiClient } from './client.ts';
import { readToken } from './cookie.ts';
import { createSecondaryClient } from './secondary.ts';

/** Browser singletons: `/svc`, token read from the `token` cookie at each request. */
export const api = createApiClient({ baseURL: '/svc', getToken: readToken });
export const secondaryApi = createSecondaryClient({ baseURL: '/svc', getToken: readToken });

export type { ApiClient, ClientOptions, Query, RequestOptions } from './client.ts';
export type { SecondaryClient } from './secondary.ts';
export { ApiFailure, NETWORK_FAILURE } from './envelope.ts';
export { failureText } from './failure-text.ts';
export type { Envelope } from './envelope.ts';
export * as cookie from './cookie.ts';
