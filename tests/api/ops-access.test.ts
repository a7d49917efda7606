import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS } from '../../src/lib/access.ts';
import { mayOpen, OPS_SECTIONS, sectionOf } from '../../src/lib/ops/sections.ts';
import type { StaffRole } from '../../src/lib/vocab/roles.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { createGateway } from '../../src/server/gateway/index.ts';
import { createLiveBench, type LiveBench } from '../support/live.ts';
import { targets } from '../support/context.ts';

/**
 * Authorisation of the whole console, generated from the gateway's own route table and the pages on disk:
 * every console call and page answers each staff role, a normal user and a visitor as its rule says. A new
 * console call that matches no rule below fails the first test, so none goes unchecked.
 */
const STAFF: StaffRole[] = ['operator', 'editor', 'finance'];
const RULES: [RegExp, StaffRole[]][] = [
  [/^\/svc\/ops\//, ['operator']],
  [/^\/svc\/pay\/operator\//, ['finance']],
  [/^\/svc\/user\/staff\/(second-factor|dashboard)$/, STAFF],
  [/^\/svc\/user\/staff\/roles/, ['admin']],
  [/^\/svc\/tj\/operator\//, ['operator']],
  [/^\/svc\/api\/audit\/(list|review|room\/list|room\/review)$/, ['operator']],
  [/^\/svc\/api\/room\/audit$/, ['operator']],
  [/^\/svc\/api\/search\/(words|word\/)/, ['operator']],
  [/^\/svc\/message\/service\//, ['operator']],
  [/^\/svc\/inform\/(report\/review|post\/pin)$/, ['operator']],
  [/^\/svc\/inform\/(info|about)\/editor\//, ['editor']],
  [/^\/svc\/inform\/movie\/(takedown|restore)$/, ['editor']],
];
/** What looks like a console call: staff, operator, editor, review and audit paths. */
const CONSOLE =
  /\/(ops|operator|staff|editor)\/|\/audit\/(list|review|room)|\/room\/audit$|\/report\/review$|\/post\/pin$|\/search\/(words|word\/)|\/message\/service\/|\/movie\/(takedown|restore)$/;

const routes = () => {
  const gw = createGateway({} as never);
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of gw.routes) {
    if (r.method === 'ALL' || !CONSOLE.test(r.path)) continue;
    // Path parameters: 1 (or the first allowed value, as in :action{grant|revoke}).
    const path = r.path.replace(/:\w+(\{([^|}]+)[^}]*\})?/g, (_m, _g, first?: string) => first ?? '1');
    seen.set(`${r.method} ${r.path}`, { method: r.method, path });
  }
  return [...seen.values()];
};
const ruleOf = (path: string) => RULES.find(([re]) => re.test(path.replace(/\?.*/, '')))?.[1];
const allowed = (rule: StaffRole[], roles: string[]) =>
  roles.includes('admin') || rule.some((r) => roles.includes(r));

describe('console pages', () => {
  const pagesDir = join(import.meta.dirname, '../../src/pages/ops');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) =>
      statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)],
    );
  const pagePaths = files(pagesDir).map(
    (f) =>
      '/ops/' +
      relative(pagesDir, f)
        .replace(/\.astro$/, '')
        .replace(/(^|\/)index$/, '')
        .replace(/\[\.\.\.\w+\]|\[\w+\]/g, '1'),
  );

  it('every page under /ops belongs to a section (none is reachable without its role rule)', () => {
    expect(pagePaths.length).toBeGreaterThan(15);
    for (const p of pagePaths) expect(sectionOf(p), p).not.toBeNull();
  });

  it('opens every page to its roles and admins only; a fan and a visitor get the 404 page', () => {
    for (const p of pagePaths) {
      const rule = [...ACCESS[sectionOf(p)!.permission]];
      for (const roles of [['operator'], ['editor'], ['finance'], ['admin']])
        expect(mayOpen(p, roles), `${p} ${roles[0]}`).toBe(allowed(rule, roles));
      for (const roles of [[], null]) expect(mayOpen(p, roles), `${p} fan/visitor`).toBe(false);
    }
    expect(OPS_SECTIONS.every((s) => ACCESS[s.permission].length > 0)).toBe(true);
  });
});

describe.each(targets())('console calls on $name', (target) => {
  let b: LiveBench;
  const tokens: Record<string, { token: string; roles: string[] }> = {};

  beforeAll(async () => {
    b = await createLiveBench(target);
    for (const role of ['operator', 'editor', 'finance', 'admin', 'fan']) {
      const u = await b.newUser();
      const roles = role === 'fan' ? [] : [role];
      await b.app.db.update(users).set({ roles }).where(eq(users.id, u.id));
      tokens[role] = { token: u.token, roles };
    }
  }, 240_000);
  afterAll(() => b.close());

  it('every console call has a role rule', () => {
    const list = routes();
    expect(list.length).toBeGreaterThanOrEqual(60);
    for (const r of list) expect(ruleOf(r.path), `${r.method} ${r.path}`).toBeTruthy();
  });

  it('answers each call: 401 to a visitor, 403 to a normal user and to staff without the role, the call itself to its roles', async () => {
    const call = (r: { method: string; path: string }, token?: string) => {
      const path = r.path.replace(/^\/svc/, '');
      return r.method === 'GET' ? b.get(path, undefined, { token }) : b.post(path, {}, { token });
    };
    for (const r of routes()) {
      const rule = ruleOf(r.path)!;
      expect((await call(r)).status, `${r.method} ${r.path} visitor`).toBe(401);
      for (const [who, { token, roles }] of Object.entries(tokens)) {
        const { status } = await call(r, token);
        const label = `${r.method} ${r.path} ${who}`;
        if (allowed(rule, roles)) expect([401, 403], label).not.toContain(status);
        else expect(status, label).toBe(403);
      }
    }
  }, 240_000);
});
