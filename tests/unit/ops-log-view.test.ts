import { describe, expect, it } from 'vitest';
import { actionName, changeLines, targetName, valueText } from '../../src/lib/ops/log-view.ts';

describe('the operator log in words', () => {
  it('names actions and objects in Chinese; an unknown code shows as it is', () => {
    expect(actionName('withdrawal.reject')).toBe('驳回提现');
    expect(actionName('report.roomBan')).toBe('举报：封禁直播间');
    expect(actionName('something.new')).toBe('something.new');
    expect(targetName('post', '12')).toBe('帖子 #12');
  });

  it('lists only what changed, as 字段：旧 → 新', () => {
    expect(changeLines({ status: 'visible', pinned: false }, { status: 'hidden', pinned: false })).toEqual([
      '状态：显示 → 隐藏',
    ]);
    expect(changeLines(null, { word: '梅西', pinned: false, hidden: true })).toEqual([
      '词：梅西',
      '置顶：否',
      '隐藏：是',
    ]);
    expect(changeLines({ roles: ['operator'] }, { roles: ['operator', 'finance'] })).toEqual([
      '角色：运营 → 运营、财务',
    ]);
    expect(changeLines(null, null)).toEqual([]);
  });

  it('reads values: times in Beijing time, long text cut, nothing as 空', () => {
    expect(valueText('2026-03-01T12:30:00.000Z')).toBe('2026-03-01 20:30');
    expect(valueText('长'.repeat(80))).toBe(`${'长'.repeat(60)}…`);
    expect(valueText(null)).toBe('空');
  });
});
