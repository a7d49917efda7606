import { hashPassword } from '../services/accounts/password.ts';
import { DEMO_PASSWORD } from './site-content.ts';

let hashed: Promise<string> | null = null;

/**
 * The demo accounts' password hash (demo123456), computed once per process: scrypt costs ~170 ms
 * and four seed steps each hashed it again at first start (issue: speed). One salt for all demo
 * accounts is as before; a real account's password is hashed with its own.
 */
export const demoPasswordHash = (): Promise<string> => (hashed ??= hashPassword(DEMO_PASSWORD));
