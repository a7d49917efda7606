import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReports } from '../../src/server/gateway/routes/csp-report.ts';
import { createAccountsBench, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';

const legacy = {
  'csp-report': {
    'document-uri': 'http://localhost/community/post/1',
    'effective-directive': 'script-src-elem',
    'blocked-uri': 'inline',
    'line-number': 12,
    'script-sample': 'alert(1)',
  },
};
const reportingApi = [
  {
    type: 'csp-violation',
    body: {
      documentURL: 'http://localhost/',
      effectiveDirective: 'script-src-attr',
      blockedURL: 'inline',
      sample: 'x'.repeat(500),
    },
  },
];

describe('CSP violation reports', () => {
  it('reads both report formats into a few bounded fields, and nothing from junk', () => {
    expect(parseReports(JSON.stringify(legacy))).toEqual([
      {
        page: 'http://localhost/community/post/1',
        directive: 'script-src-elem',
        blocked: 'inline',
        line: 12,
        sample: 'alert(1)',
        source: undefined,
      },
    ]);
    const [r] = parseReports(JSON.stringify(reportingApi));
    expect(r).toMatchObject({ page: 'http://localhost/', directive: 'script-src-attr' });
    expect(r.sample).toHaveLength(80);
    expect(parseReports('not json')).toEqual([]);
    expect(parseReports('{"a":1}')).toEqual([]);
    expect(parseReports('[1,null,"x"]')).toEqual([]);
  });
});

describe.each(targets())('POST /svc/csp/report on $name', (target) => {
  let b: AccountsBench;
  beforeAll(async () => {
    b = await createAccountsBench(target);
  });
  afterAll(() => b.close());

  const post = (body: string, type = 'application/csp-report') =>
    b.gw.request('/svc/csp/report', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });

  it('takes a report in either format and answers with the envelope', async () => {
    const res = await post(JSON.stringify(legacy));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200 });
    const api = await post(JSON.stringify(reportingApi), 'application/reports+json');
    expect(await api.json()).toMatchObject({ code: 200 });
  });

  it('refuses a body over 16 KB', async () => {
    const res = await post(JSON.stringify({ 'csp-report': { sample: 'x'.repeat(20_000) } }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, msg: '请求内容过大' });
  });

  it('limits one client to 20 reports a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push(((await (await post('{}')).json()) as { code: number }).code);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(20);
    expect(codes.at(-1)).toBe(429);
  });
});
