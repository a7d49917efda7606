import { describe, expect, it } from 'vitest';
import {
  bankCardError,
  chinaTime,
  formatCount,
  maskCardNo,
  payoutFen,
  payPasswordError,
  withdrawError,
} from '../../src/lib/wallet.ts';
import { periodStart } from '../../src/server/services/wallet/gifts.ts';

describe('wallet rules', () => {
  it('checks bank card numbers with Luhn, 16 to 19 digits', () => {
    expect(bankCardError('4111111111111111')).toBeNull();
    expect(bankCardError('6222021234567890128')).toBeNull();
    expect(bankCardError('6222021234567890127')).toBe('请输入正确的银行卡号');
    expect(bankCardError('411111111111111')).toBe('请输入正确的银行卡号');
    expect(bankCardError('4111 1111 1111 1111')).toBe('请输入正确的银行卡号');
    expect(maskCardNo('6222021234567890128')).toBe('**** **** **** 0128');
  });

  it('takes six digits for a pay password, but no run or repeat', () => {
    expect(payPasswordError('258036')).toBeNull();
    expect(payPasswordError('112233')).toBeNull();
    for (const pw of ['25803', '2580367', 'abcdef', '25803a'])
      expect(payPasswordError(pw)).toBe('支付密码为6位数字');
    for (const pw of ['000000', '123456', '654321', '345678'])
      expect(payPasswordError(pw)).toBe('支付密码不能是相同或连续的数字');
  });

  it('checks a withdrawal before sending: the amount, then the pay password with its own words', () => {
    expect(withdrawError(2000, 5000, '258036')).toBeNull();
    expect(withdrawError(0, 5000, '258036')).toBe('请输入正确的提现数量');
    expect(withdrawError(6000, 5000, '258036')).toBe('球票余额不足');
    expect(withdrawError(2000, 5000, '2580')).toBe('支付密码为6位数字');
    // Six digits, but a repeat or a run: the weak-PIN words, not "6位数字" (issue 33).
    expect(withdrawError(2000, 5000, '111111')).toBe('支付密码不能是相同或连续的数字');
    expect(withdrawError(2000, 5000, '123456')).toBe('支付密码不能是相同或连续的数字');
  });

  it('groups counts by thousands as toLocaleString would, without building a formatter', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1_000_000, 98_765_432, -4321, 1234.5])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('pays 20 球票 as one yuan, in whole fen', () => {
    expect(payoutFen(2000)).toBe(10_000);
    expect(payoutFen(2001)).toBe(10_005);
    expect(payoutFen(2003)).toBe(10_015);
  });

  it('reckons days, weeks (from Monday) and months on China’s calendar', () => {
    // Sunday 2025-03-02 01:30 in Shanghai is Saturday 17:30 UTC.
    const now = Date.parse('2025-03-01T17:30:00Z');
    expect(periodStart('day', now)?.toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(periodStart('week', now)?.toISOString()).toBe('2025-02-23T16:00:00.000Z');
    expect(periodStart('month', now)?.toISOString()).toBe('2025-02-28T16:00:00.000Z');
    expect(periodStart('total', now)).toBeNull();
    expect(chinaTime('2025-03-01T17:30:05Z')).toBe('2025-03-02 01:30:05');
  });
});
