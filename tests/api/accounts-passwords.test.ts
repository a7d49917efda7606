import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { advanceClock, createAccountsBench, randomMobile, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';

describe.each(targets())('registration and passwords on $name', (target) => {
  let b: AccountsBench;
  beforeAll(async () => {
    b = await createAccountsBench(target);
  });
  afterAll(() => b.close());
  afterEach(() => vi.useRealTimers());

  const nick = () => `新人${Math.random().toString(36).slice(2, 8)}`;
  async function register(fields: Record<string, unknown> = {}, password = 'abc12345') {
    const mobile = (fields.mobile as string) ?? randomMobile();
    const verifyCode = fields.verifyCode ?? (await b.smsCode(mobile, 1));
    return {
      mobile,
      res: await b.post('/user/register', {
        mobile,
        nickName: nick(),
        ...(await b.sealed(password)),
        ...fields,
        verifyCode,
      }),
    };
  }

  describe('POST /user/register', () => {
    it('creates the account, logs it in, and stores only a hash', async () => {
      const nickName = nick();
      const { mobile, res } = await register({ nickName });
      expect(res).toMatchObject({ code: 200, data: { token: expect.any(String), needsProfile: false } });
      const info = await b.get('/user/center/info', undefined, { token: res.data.token });
      expect(info.data).toMatchObject({
        nickName,
        hasPassword: true,
        level: 0,
        isAnchor: 0,
        isExpert: 0,
        roles: [],
      });
      const [row] = await b.app.db.select().from(users).where(eq(users.mobile, mobile));
      expect(row.passwordHash).toMatch(/^scrypt\$/);
      expect(row.passwordHash).not.toContain('abc12345');
      expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
    });

    it('refuses a registered phone, a taken nickname (any case) and a bad nickname', async () => {
      expect((await register({ mobile: '13800000001', verifyCode: '123456' })).res.msg).toBe(
        '该手机号已注册，请直接登录',
      );
      expect((await register({ nickName: '球迷小王' })).res).toMatchObject({
        status: 400,
        msg: '该昵称已被使用，请换一个',
      });
      const upper = `Ball${Date.now() % 100000}`;
      expect((await register({ nickName: upper })).res.code).toBe(200);
      expect((await register({ nickName: upper.toLowerCase() })).res.msg).toBe('该昵称已被使用，请换一个');
      for (const bad of ['我', 'a'.repeat(13), 'tab\there', 'zero\u200bwidth', 'two words', '']) {
        expect((await register({ nickName: bad, verifyCode: '123456' })).res.msg).toBe(
          '昵称为2-12个字符，不能包含空格或特殊控制字符',
        );
      }
    });

    it('stores markup raw: <b>名</b> is a nickname like any other', async () => {
      const { res } = await register({ nickName: '<b>名</b>' });
      expect((await b.get('/user/center/info', undefined, { token: res.data.token })).data.nickName).toBe(
        '<b>名</b>',
      );
    });

    it('applies the password rule its message states: 6–20 letters or digits', async () => {
      for (const bad of ['abc12', 'a'.repeat(21), 'abc 12345', '密码密码密码']) {
        expect((await register({ verifyCode: '123456' }, bad)).res).toMatchObject({
          status: 400,
          msg: '密码是长度为6-20位的字母、数字或组合',
        });
      }
      expect((await register({}, 'A1b2C3d4E5f6G7h8')).res.code).toBe(200);
      expect((await register({}, 'A1b2C3d4E5f6G7h8i9J0')).res.code).toBe(200);
    });

    it('needs a register code for this phone', async () => {
      const mobile = randomMobile();
      const loginCode = await b.smsCode(mobile, 3);
      expect((await register({ mobile, verifyCode: loginCode })).res.msg).toBe(
        '验证码错误，请确认后重新输入',
      );
      expect((await register({ mobile: randomMobile(), verifyCode: '' })).res.msg).toBe('请输入验证码！');
    });
  });

  describe('POST /user/center/retrievePassword', () => {
    it('sets a new password by code and ends every session', async () => {
      const { mobile, res } = await register();
      const other = await b.loginByPassword(mobile, 'abc12345');
      advanceClock(61_000);
      const verifyCode = await b.smsCode(mobile, 2);
      const done = await b.post('/user/center/retrievePassword', {
        mobile,
        verifyCode,
        ...(await b.sealed('new12345')),
      });
      expect(done).toMatchObject({ code: 200, data: null });
      for (const token of [res.data.token, other.data.token])
        expect((await b.get('/user/center/info', undefined, { token })).status).toBe(401);
      expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(10011);
      expect((await b.loginByPassword(mobile, 'new12345')).code).toBe(200);
    });

    it('refuses an unknown phone and a wrong code', async () => {
      expect(
        (
          await b.post('/user/center/retrievePassword', {
            mobile: randomMobile(),
            verifyCode: '123456',
            ...(await b.sealed('new12345')),
          })
        ).msg,
      ).toBe('验证码已失效，请重新获取'); // as for a known phone with no live code: no hint it is unknown
      const wrong = await b.post('/user/center/retrievePassword', {
        mobile: '13800000002',
        verifyCode: '123456',
        ...(await b.sealed('new12345')),
      });
      expect(wrong.msg).toMatch(/^验证码/);
    });
  });

  describe('POST /user/center/updatePassword', () => {
    it('changes the password with one key for both fields and ends the other sessions', async () => {
      const { mobile, res } = await register();
      const other = await b.loginByPassword(mobile, 'abc12345');
      const { data: k } = await b.get('/user/key/getDynamicKey');
      const body = {
        oldPassword: encryptPassword('abc12345', k.key, k.iv),
        password: encryptPassword('xyz98765', k.key, k.iv),
        key: k.key,
        iv: k.iv,
      };
      expect((await b.post('/user/center/updatePassword', body, { token: res.data.token })).code).toBe(200);
      expect((await b.get('/user/center/info', undefined, { token: res.data.token })).code).toBe(200);
      expect((await b.get('/user/center/info', undefined, { token: other.data.token })).status).toBe(401);
      expect((await b.loginByPassword(mobile, 'xyz98765')).code).toBe(200);
      // The same body again: its key is spent.
      expect((await b.post('/user/center/updatePassword', body, { token: res.data.token })).msg).toBe(
        '密码加密密钥已失效，请重新提交',
      );
    });

    it('refuses a wrong old password, an unchanged one, and a caller without login', async () => {
      const { res } = await register();
      const seal = async (oldPassword: string, password: string) => {
        const { data: k } = await b.get('/user/key/getDynamicKey');
        return {
          oldPassword: encryptPassword(oldPassword, k.key, k.iv),
          password: encryptPassword(password, k.key, k.iv),
          key: k.key,
          iv: k.iv,
        };
      };
      const token = res.data.token;
      expect(
        (await b.post('/user/center/updatePassword', await seal('zzz12345', 'xyz98765'), { token })).msg,
      ).toBe('原密码错误');
      expect(
        (await b.post('/user/center/updatePassword', await seal('abc12345', 'abc12345'), { token })).msg,
      ).toBe('新密码不能与原密码相同');
      expect((await b.post('/user/center/updatePassword', await seal('abc12345', 'x'), { token })).msg).toBe(
        '密码是长度为6-20位的字母、数字或组合',
      );
      expect((await b.post('/user/center/updatePassword', await seal('abc12345', 'xyz98765'))).status).toBe(
        401,
      );
    });
  });

  describe('POST /user/center/initPassword', () => {
    it('sets the first password of a code-login account, once', async () => {
      const mobile = randomMobile();
      const { data } = await b.loginByCode(mobile);
      const token = data.token;
      expect(
        (
          await b.post(
            '/user/center/updatePassword',
            { ...(await b.sealed('abc12345')), oldPassword: 'x' },
            { token },
          )
        ).msg,
      ).toBe('尚未设置登录密码，请先设置密码');
      expect((await b.post('/user/center/initPassword', await b.sealed('first123'), { token })).code).toBe(
        200,
      );
      expect((await b.get('/user/center/info', undefined, { token })).data.hasPassword).toBe(true);
      expect((await b.loginByPassword(mobile, 'first123')).code).toBe(200);
      expect((await b.post('/user/center/initPassword', await b.sealed('again123'), { token })).msg).toBe(
        '已设置过登录密码，请使用修改密码',
      );
    });
  });
});
