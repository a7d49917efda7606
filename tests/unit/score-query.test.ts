import { describe, expect, it } from 'vitest';
import { lotteryTag, parseIds, scoreQuery, withParams } from '../../src/lib/sports/score-query.ts';
import { pickDate } from '../../src/lib/sports/page-dates.ts';
import { pickIssue } from '../../src/lib/sports/issue.ts';

const q = (search: string, saved?: string) => scoreQuery(new URLSearchParams(search), saved);

describe('即时 page query', () => {
  it('defaults to every match by time', () => {
    expect(q('')).toEqual({
      lottery: undefined,
      view: 'time',
      leagues: null,
      leagueSource: null,
      mine: false,
    });
  });

  it('reads the lottery, the order and the competitions', () => {
    expect(q('lottery=bd&view=league&league=4,1,4')).toEqual({
      lottery: 'bd',
      view: 'league',
      leagues: [4, 1],
      leagueSource: 'query',
      mine: false,
    });
    expect(q('mine=1').mine).toBe(true);
    expect(q('lottery=xx&view=odd&league=1;drop').leagues).toBeNull();
    expect(q('lottery=xx').lottery).toBeUndefined();
  });

  it('applies the competitions saved on the device unless the URL says otherwise', () => {
    expect(q('', '1,2')).toMatchObject({ leagues: [1, 2], leagueSource: 'saved' });
    expect(q('league=all', '1,2')).toMatchObject({ leagues: null, leagueSource: null });
    expect(q('league=3', '1,2')).toMatchObject({ leagues: [3], leagueSource: 'query' });
    expect(q('', 'garbage')).toMatchObject({ leagues: null, leagueSource: null });
  });

  it('parses id lists strictly', () => {
    expect(parseIds('1,2,3')).toEqual([1, 2, 3]);
    expect(parseIds('0')).toBeNull();
    expect(parseIds('')).toBeNull();
    expect(parseIds('1,,2')).toBeNull();
  });

  it('builds links that change one parameter and keep the others', () => {
    const url = new URL('http://x/football?lottery=jc&view=league');
    expect(withParams(url, { league: '4' })).toBe('/football?lottery=jc&view=league&league=4');
    expect(withParams(url, { lottery: null, view: null })).toBe('/football');
  });

  it('tags rows with the lottery number under a lottery filter', () => {
    const m = { lottery: { jcNo: '周日011', bdIssue: '261121', bdNo: 52, zcIssue: null, zcOrder: null } };
    expect(lotteryTag('jc')!(m)).toBe('周日011');
    expect(lotteryTag('bd')!(m)).toBe('北单52');
    expect(lotteryTag('zc')!(m)).toBeNull();
    expect(lotteryTag(undefined)).toBeUndefined();
  });
});

describe('dates and issues of the score pages', () => {
  it('takes a real date and falls back (saying so) otherwise', () => {
    expect(pickDate('2026-02-28', '2026-03-01')).toEqual({ date: '2026-02-28', invalid: false });
    expect(pickDate('2026-02-30', '2026-03-01')).toEqual({ date: '2026-03-01', invalid: true });
    expect(pickDate(null, '2026-03-01')).toEqual({ date: '2026-03-01', invalid: false });
  });

  it('takes 5- or 6-digit issues only', () => {
    expect(pickIssue('26109')).toEqual({ issue: '26109', invalid: false });
    expect(pickIssue('261121')).toEqual({ issue: '261121', invalid: false });
    expect(pickIssue('abc')).toEqual({ issue: undefined, invalid: true });
    expect(pickIssue(null)).toEqual({ issue: undefined, invalid: false });
  });
});
