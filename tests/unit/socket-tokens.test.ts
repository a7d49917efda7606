import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSocketTokens } from '../../src/server/realtime/tokens.ts';

describe('socket tokens', () => {
  const tokens = createSocketTokens(randomBytes(32).toString('hex'));

  it('gives two visitors of the same millisecond different tokens (the hub caps sockets per token)', () => {
    const now = Date.now();
    const a = tokens.issue(0, now);
    const b = tokens.issue(0, now);
    expect(a).not.toBe(b);
    expect(tokens.verify(a, now)).toEqual({ userId: 0 });
    expect(tokens.verify(b, now)).toEqual({ userId: 0 });
  });

  it('refuses a token whose nonce, user or expiry was changed, and an expired one', () => {
    const now = Date.now();
    const token = tokens.issue(42, now);
    const [user, expiry, nonce, mac] = token.split('.');
    const otherNonce = nonce.startsWith('A') ? `B${nonce.slice(1)}` : `A${nonce.slice(1)}`;
    expect(tokens.verify([user, expiry, otherNonce, mac].join('.'), now)).toBeNull();
    expect(tokens.verify(['43', expiry, nonce, mac].join('.'), now)).toBeNull();
    expect(
      tokens.verify([user, (parseInt(expiry, 36) + 1).toString(36), nonce, mac].join('.'), now),
    ).toBeNull();
    expect(tokens.verify(token, now + 61_000)).toBeNull();
    expect(tokens.verify(token, now)).toEqual({ userId: 42 });
  });
});
