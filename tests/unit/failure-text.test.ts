import { describe, expect, it } from 'vitest';
import { ApiFailure, NETWORK_FAILURE } from '../../src/lib/api/envelope.ts';
import { failureText } from '../../src/lib/api/failure-text.ts';
import { MSG } from '../../src/lib/messages.ts';

describe('failureText', () => {
  it("shows the server's message of a failed answer", () => {
    expect(failureText(new ApiFailure(10011, '用户名或密码输入错误'), MSG.saveFailed)).toBe(
      '用户名或密码输入错误',
    );
  });

  it('falls back when no answer came: the browser says "fetch failed", the page says it in Chinese', () => {
    expect(failureText(new ApiFailure(NETWORK_FAILURE, 'fetch failed'), MSG.saveFailed)).toBe(MSG.saveFailed);
  });

  it('falls back for an answer without a message and for errors that are not a call', () => {
    expect(failureText(new ApiFailure(500, ''))).toBe(MSG.actionFailed);
    expect(failureText(new TypeError('x is undefined'), MSG.submitFailed)).toBe(MSG.submitFailed);
  });
});
