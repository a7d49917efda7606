import { describe, expect, it } from 'vitest';
import { headlineAfterTag } from '../../src/lib/news/rules.ts';

describe('a headline beside its column tag', () => {
  it('drops the lead-in that names the same column', () => {
    expect(headlineAfterTag('NBA：雷霆123-105国王，豪取3连胜', 'NBA')).toBe('雷霆123-105国王，豪取3连胜');
    expect(headlineAfterTag('西甲: 奥萨苏纳3-2逆转', '西甲')).toBe('奥萨苏纳3-2逆转');
  });
  it('keeps every other headline whole', () => {
    expect(headlineAfterTag('NBA前瞻：尼克斯 vs 湖人', 'NBA')).toBe('NBA前瞻：尼克斯 vs 湖人');
    expect(headlineAfterTag('摩纳哥2-0图卢兹，主场拿下三分', '法甲')).toBe('摩纳哥2-0图卢兹，主场拿下三分');
    expect(headlineAfterTag('NBA：', 'NBA')).toBe('NBA：');
  });
});
