import { describe, expect, it } from 'vitest';
import { ACCESS, may, PERMISSIONS, refusalOf } from '../../src/lib/access.ts';

/**
 * The access table pinned, written out by role: a change to who may do what shows up here as a
 * changed line, on purpose (src/lib/access.ts).
 */
const HELD: Record<string, string[]> = {
  operator: [
    'console.enter',
    'users.manage',
    'reports.review',
    'feedback.reply',
    'service.reply',
    'experts.review',
    'live.manage',
    'content.manage',
    'search.words',
    'posts.moderate',
    'sports.import',
    'clips.cut',
  ],
  editor: ['console.enter', 'news.edit', 'pages.edit', 'clips.takedown', 'clips.cut'],
  finance: ['console.enter', 'money.manage'],
  admin: [
    'console.enter',
    'console.log',
    'staff.manage',
    'users.manage',
    'users.manageStaff',
    'reports.review',
    'feedback.reply',
    'service.reply',
    'experts.review',
    'live.manage',
    'content.manage',
    'search.words',
    'posts.moderate',
    'sports.import',
    'news.edit',
    'pages.edit',
    'clips.takedown',
    'clips.cut',
    'money.manage',
  ],
};

const heldBy = (roles: string[] | null) => PERMISSIONS.filter((p) => may(roles, p)).sort();

describe('the access table', () => {
  it.each(Object.entries(HELD))('gives %s exactly its permissions', (role, permissions) => {
    expect(heldBy([role])).toEqual([...permissions].sort());
  });

  it('gives a fan, a visitor and an unknown role nothing', () => {
    expect(heldBy([])).toEqual([]);
    expect(heldBy(null)).toEqual([]);
    expect(heldBy(['anchor'])).toEqual([]);
  });

  it('gives several roles the union of theirs', () => {
    expect(heldBy(['operator', 'finance'])).toEqual([...new Set([...HELD.operator, ...HELD.finance])].sort());
  });

  it('names every permission in the pinned lists', () => {
    expect([...PERMISSIONS].sort()).toEqual([...HELD.admin].sort());
  });

  it('refuses with the staff who may, in the table order', () => {
    expect(refusalOf('users.manage')).toBe('仅运营人员可以执行此操作');
    expect(refusalOf('money.manage')).toBe('仅财务人员可以执行此操作');
    expect(refusalOf('news.edit')).toBe('仅编辑可以执行此操作');
    expect(refusalOf('staff.manage')).toBe('仅管理员可以执行此操作');
    expect(refusalOf('console.enter')).toBe('仅运营人员、编辑、财务人员可以执行此操作');
    expect(refusalOf('clips.cut')).toBe('仅编辑、运营人员可以执行此操作');
  });

  it('keeps each permission to at least one role', () => {
    for (const p of PERMISSIONS) expect(ACCESS[p].length, p).toBeGreaterThan(0);
  });
});
