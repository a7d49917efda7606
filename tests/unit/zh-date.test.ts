import { describe, expect, it } from 'vitest';
import { beijingInstant, parseZhDay, showZhDay, wireDay } from '../../src/lib/zh-date.ts';

describe('Chinese day fields', () => {
  it('reads the usual Chinese spellings of a day', () => {
    for (const raw of ['2026/11/24', '2026-11-24', '2026.11.24', '2026年11月24日', ' 2026 / 11 / 24 '])
      expect(parseZhDay(raw)).toBe('2026-11-24');
    expect(parseZhDay('2026/1/5')).toBe('2026-01-05');
  });

  it('refuses what is not a day, and a US-ordered one', () => {
    for (const raw of ['11/24/2026', '2026/02/30', '2026/13/01', '', 'abc'])
      expect(parseZhDay(raw)).toBeNull();
    expect(wireDay('11/24/2026')).toBe('11/24/2026');
  });

  it('shows a wire day as yyyy/mm/dd', () => {
    expect(showZhDay('2026-01-31')).toBe('2026/01/31');
    expect(showZhDay('')).toBe('');
  });

  it('turns a Beijing day and 24-hour time into the instant', () => {
    expect(beijingInstant('2026/01/31', '20:30')).toBe('2026-01-31T12:30:00.000Z');
    expect(beijingInstant('2026年1月1日', '7点05分')).toBe('2025-12-31T23:05:00.000Z');
    expect(beijingInstant('2026/01/31', '24:00')).toBeNull();
    expect(beijingInstant('01/31/2026', '20:30')).toBeNull();
  });
});
