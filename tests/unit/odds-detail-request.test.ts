import { describe, expect, it } from 'vitest';
import { readOddsDetailRequest } from '../../src/lib/match/odds-detail-request.ts';

const q = (s: string) => new URLSearchParams(s);

describe('odds-detail request', () => {
  it('sends a bare request to the subpage `type` names (default oupei), keeping the other parameters', () => {
    expect(readOddsDetailRequest('basketball', undefined, q('matchId=7&type=table'))).toEqual({
      kind: 'redirect',
      to: '/basketball/odds-detail/table?matchId=7',
    });
    expect(readOddsDetailRequest('football', undefined, q('matchId=7&companyId=2'))).toEqual({
      kind: 'redirect',
      to: '/football/odds-detail/oupei?matchId=7&companyId=2',
    });
    expect(readOddsDetailRequest('football', undefined, q('type=nope'))).toEqual({ kind: 'notFound' });
    expect(readOddsDetailRequest('football', 'nope', q('matchId=7'))).toEqual({ kind: 'notFound' });
  });

  it('names the bad parameter', () => {
    expect(readOddsDetailRequest('football', 'oupei', q('matchId=abc'))).toEqual({
      kind: 'bad',
      message: '参数 matchId 无效：应为比赛编号',
    });
    expect(readOddsDetailRequest('football', 'join', q('matchId=7&companyId=x'))).toEqual({
      kind: 'bad',
      message: '参数 companyId 无效：应为公司编号',
    });
    expect(readOddsDetailRequest('football', 'table', q('matchId=7&type=join'))).toMatchObject({
      kind: 'bad',
      message: expect.stringContaining('参数 type'),
    });
  });

  it('reads the market only on the table subpage', () => {
    expect(readOddsDetailRequest('football', 'table', q('matchId=7&type=yapan'))).toEqual({
      kind: 'page',
      sub: 'table',
      matchId: 7,
      companyId: null,
      market: 'yapan',
    });
    expect(readOddsDetailRequest('football', 'yapan', q('matchId=7&companyId=3&type=daxiaoqiu'))).toEqual({
      kind: 'page',
      sub: 'yapan',
      matchId: 7,
      companyId: 3,
      market: 'oupei',
    });
  });
});
