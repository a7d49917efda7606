import { describe, expect, it } from 'vitest';
import { pageTitle, SITE_TITLE } from '../../src/lib/site.ts';

describe('page titles', () => {
  it('put the page first and the site after, once', () => {
    expect(pageTitle()).toBe(SITE_TITLE);
    expect(pageTitle('私信')).toBe('私信 - 球友圈');
  });

  it('never name the site twice when the page title already names it (issue 33: 私信 - 球友圈 - 球友圈)', () => {
    expect(pageTitle('私信 - 球友圈')).toBe('私信 - 球友圈');
    expect(pageTitle('精彩片段 - 有料 - 球友圈')).toBe('精彩片段 - 有料 - 球友圈');
    expect(pageTitle('主播阿杰 - 球友圈直播')).toBe('主播阿杰 - 球友圈直播');
    expect(pageTitle('英超圈 - 球友圈社区')).toBe('英超圈 - 球友圈社区');
  });
});
