import { authenticated } from './authenticated.ts';
import { runNamed } from './named.ts';
import { requestSetup } from './request-setup.ts';
import { unknownRoute } from './unknown-route.ts';

export const middlewareRegistry = { unknownRoute, axiosMiddle: requestSetup, authenticated };
/** Spec §6: unknown route → request setup → authenticated. */
export const MIDDLEWARE_ORDER = ['unknownRoute', 'axiosMiddle', 'authenticated'] as const;

export const onRequest = runNamed(middlewareRegistry, MIDDLEWARE_ORDER);
