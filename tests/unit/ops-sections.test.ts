import { describe, expect, it } from 'vitest';
import { isOpsPath, mayOpen, sectionOf } from '../../src/lib/ops/sections.ts';
import { hasRole } from '../../src/lib/vocab/roles.ts';

describe('staff roles and console sections', () => {
  it('lets a role act as itself, an admin as anyone, nobody else', () => {
    expect(hasRole(['finance'], 'finance')).toBe(true);
    expect(hasRole(['operator', 'finance'], 'editor')).toBe(false);
    expect(hasRole(['admin'], 'editor')).toBe(true);
    expect(hasRole([], 'operator')).toBe(false);
    expect(hasRole(null, 'operator')).toBe(false);
  });

  it('finds the section of a console path by its longest prefix', () => {
    expect(sectionOf('/ops')?.href).toBe('/ops');
    expect(sectionOf('/ops/log/')?.href).toBe('/ops/log');
    expect(sectionOf('/ops/logbook')?.href).toBe('/ops');
    expect(isOpsPath('/opsx')).toBe(false);
  });

  it('opens the console only to staff, and the log only to admins', () => {
    expect(mayOpen('/ops', ['editor'])).toBe(true);
    expect(mayOpen('/ops', [])).toBe(false);
    expect(mayOpen('/ops', undefined)).toBe(false);
    expect(mayOpen('/ops/log', ['operator', 'finance'])).toBe(false);
    expect(mayOpen('/ops/log', ['admin'])).toBe(true);
  });
});
