import { may, refusalOf, type Permission } from '../lib/access.ts';
import { forbidden } from './errors.ts';

/**
 * For services: refuses a caller without `permission` (src/lib/access.ts) with the same words the
 * gateway's `requireAccess` uses, so a call that reaches the service another way is refused alike.
 */
export function assertAccess(roles: readonly string[] | null | undefined, permission: Permission): void {
  if (!may(roles, permission)) throw forbidden(refusalOf(permission));
}
