import { describe, expect, it } from 'vitest';
import { maskIdCard, maskMobile, maskName } from '../../src/lib/mask.ts';
import {
  birthdayError,
  codeError,
  digitsOnly,
  idCardCheckChar,
  idCardError,
  isMobile,
  mobileError,
  nickNameError,
  passwordError,
  realNameError,
  signatureError,
} from '../../src/lib/validation.ts';

describe('phone (spec §5)', () => {
  it('strips non-digits and wants 11 digits: 1, then 3/4/5/7/8/9', () => {
    expect(digitsOnly(' 138-0000 0001 ')).toBe('13800000001');
    for (const ok of [
      '13800000001',
      '14500000000',
      '15900000000',
      '17700000000',
      '18800000000',
      '19900000000',
    ])
      expect(isMobile(ok)).toBe(true);
    for (const bad of [
      '12800000000',
      '16600000000',
      '10000000000',
      '1380000000',
      '138000000012',
      '23800000000',
      '',
    ])
      expect(isMobile(bad)).toBe(false);
  });
  it('says 请输入正确的手机号', () => {
    expect(mobileError('138 0000 0001')).toBeNull();
    expect(mobileError('12345')).toBe('请输入正确的手机号');
  });
});

describe('code (spec §5)', () => {
  it('is exactly 6 characters; empty and wrong have their own messages', () => {
    expect(codeError('123456')).toBeNull();
    expect(codeError('')).toBe('请输入验证码！');
    expect(codeError('12345')).toBe('验证码错误，请确认后重新输入');
    expect(codeError('1234567')).toBe('验证码错误，请确认后重新输入');
  });
});

describe('password (spec §5)', () => {
  const msg = '密码是长度为6-20位的字母、数字或组合';
  it('takes 6–20 letters or digits, as its message and every form hint say (issue 33)', () => {
    expect(passwordError('abc123')).toBeNull();
    expect(passwordError('a'.repeat(17))).toBeNull();
    expect(passwordError('a'.repeat(20))).toBeNull();
    expect(passwordError('a'.repeat(21))).toBe(msg);
    expect(passwordError('12345')).toBe(msg);
    expect(passwordError('123456')).toBeNull();
    expect(passwordError('abcdef')).toBeNull();
  });
  it('refuses anything but letters and digits', () => {
    for (const bad of ['abc 123', 'abc-123', '密码密码密码', 'abc123!']) expect(passwordError(bad)).toBe(msg);
  });
});

describe('nickname', () => {
  it('is 2–12 characters without spaces or invisible characters', () => {
    for (const ok of ['球迷', '球'.repeat(12), 'Ball_King', '<b>x</b>', '⚽球王'])
      expect(nickNameError(ok)).toBeNull();
    for (const bad of ['球', '球'.repeat(13), 'a b', 'a\tb', 'a\u200bb', 'a\u202eb', 'a\nb'])
      expect(nickNameError(bad)).not.toBeNull();
  });
  it('counts characters, not UTF-16 units', () => {
    expect(nickNameError('😀'.repeat(12))).toBeNull();
  });
  it('refuses names that read as the site speaking (球友圈客服, 管理员, 系统通知, 官方 were accepted)', () => {
    for (const bad of [
      '球友圈客服',
      '管理员',
      '系统通知',
      '官方',
      '官方推荐',
      '小王客服',
      'Admin',
      'ＡＤＭＩＮ',
    ])
      expect(nickNameError(bad), bad).toBe('昵称不能包含“官方”“客服”“管理员”“系统”等字样，请换一个');
    for (const ok of ['球友小王', '官宣达人', '看球的阿德']) expect(nickNameError(ok), ok).toBeNull();
  });
});

describe('signature and birthday', () => {
  it('signature: up to 60 characters, no control characters', () => {
    expect(signatureError('球'.repeat(60))).toBeNull();
    expect(signatureError('球'.repeat(61))).not.toBeNull();
    expect(signatureError('a\u0000b')).not.toBeNull();
  });
  it('birthday: a real past date after 1900', () => {
    const today = '2026-03-01';
    for (const ok of ['1990-01-01', '2000-02-29', '1900-01-01', '2026-03-01'])
      expect(birthdayError(ok, today)).toBeNull();
    for (const bad of ['1899-12-31', '2026-03-02', '2001-02-29', '1990-13-01', '1990-1-1', '19900101'])
      expect(birthdayError(bad, today)).not.toBeNull();
  });
});

describe('real name and ID card', () => {
  it('name: 2–20 Chinese characters, a middle dot only between parts', () => {
    for (const ok of ['张三', '欧阳娜娜', '阿卜杜·热合曼', '𠀀字']) expect(realNameError(ok)).toBeNull();
    for (const bad of ['张', 'Zhang San', '张 三', '·张三', '张三·', '张··三', '张'.repeat(21)])
      expect(realNameError(bad)).not.toBeNull();
  });
  it('ID: the GB 11643 example checks, and so does a lowercase x', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardError('11010519491231002X')).toBeNull();
    expect(idCardError('11010519491231002x')).toBeNull();
  });
  it('ID: wrong check digit, bad date, future date, unknown province, wrong length fail', () => {
    const today = '2026-03-01';
    for (const bad of [
      '110105194912310021',
      '110105194902300020',
      '110105209901010020',
      '990105194912310023',
      '11010519491231002',
      'abcdefghijklmnopqr',
    ]) {
      expect(idCardError(bad, today)).toBe('请输入正确的18位身份证号码');
    }
  });
});

describe('masks', () => {
  it('hide the middle', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskIdCard('11010519491231002X')).toBe('1101**********002X');
  });
});
