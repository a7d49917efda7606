import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realNames } from '../../src/server/db/schema/index.ts';
import { createPii } from '../../src/server/pii.ts';
import { createAccountsBench, randomMobile, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';

describe.each(targets())('real-name verification on $name', (target) => {
  let b: AccountsBench;
  beforeAll(async () => {
    b = await createAccountsBench(target);
  });
  afterAll(() => b.close());

  const newUser = async () => (await b.loginByCode(randomMobile())).data.token as string;
  const submit = (token: string, realName: string, idCard: string) =>
    b.post('/user/center/real-name', { realName, idCard }, { token });

  it('verifies a valid identity and only ever returns masked values', async () => {
    const token = await newUser();
    expect((await b.get('/user/center/real-name', undefined, { token })).data).toEqual({
      status: 0,
      realName: null,
      idCard: null,
      verifiedAt: null,
    });
    const res = await submit(token, '张三丰', '11010519491231002x');
    expect(res.data).toMatchObject({ status: 1, realName: '张**', idCard: '1101**********002X' });
    const got = await b.get('/user/center/real-name', undefined, { token });
    expect(got.data).toEqual(res.data);
    expect(JSON.stringify(got)).not.toContain('11010519491231002');
    expect((await b.get('/user/center/info', undefined, { token })).data.realName).toEqual({
      status: 1,
      name: '张**',
    });
  });

  it('stores the ID number encrypted under a key derived from APP_SECRET', async () => {
    const token = await newUser();
    await submit(token, '李四', '320102198506154410');
    const rows = await b.app.db.select().from(realNames);
    const row = rows.find((r) => r.idCardMasked === '3201**********4410')!;
    expect(row.idCardEnc).not.toContain('320102198506154410');
    expect(createPii(b.app.appSecret).decrypt(row.idCardEnc)).toBe('320102198506154410');
    expect(() => createPii('another-secret-another-secret-1234').decrypt(row.idCardEnc)).toThrow();
  });

  it('checks the GB 11643 checksum, the birth date and the province', async () => {
    const token = await newUser();
    for (const idCard of [
      '110105194912310021', // wrong check digit
      '110105194902300020', // 30 February
      '110105209901010020', // born in the future
      '110105189912310023', // before 1900
      '990105194912310023', // no such province
      '11010519491231002', // 17 characters
      '1101051949123100XX',
    ]) {
      expect(await submit(token, '王五', idCard)).toMatchObject({
        status: 400,
        msg: '请输入正确的18位身份证号码',
      });
    }
    const other = await newUser(); // ten tries an hour each
    for (const name of ['王', 'Wang', '王 五', '·王五', '王五·', '王'.repeat(21)]) {
      expect((await submit(other, name, '44030419900307123X')).msg).toBe('请输入正确的真实姓名');
    }
    expect((await submit(other, '阿卜杜·热合曼', '44030419900307123X')).data.realName).toBe('阿******');
  });

  it('allows one verification per account and one account per ID number', async () => {
    const first = await newUser();
    expect((await submit(first, '赵六', '510107200002293326')).code).toBe(200);
    expect((await submit(first, '赵六', '510107200002293326')).msg).toBe('已完成实名认证，无需重复提交');
    const second = await newUser();
    expect((await submit(second, '赵六', '510107200002293326')).msg).toBe('该身份证号已被其他账号认证');
    expect(
      (await b.post('/user/center/real-name', { realName: '赵六', idCard: '510107200002293326' })).status,
    ).toBe(401);
  });
});
