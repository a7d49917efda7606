import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { releaseHold, takeHold } from './holds.ts';

/**
 * Specs run two at a time against one server. A spec that checks an exact change to a shared demo
 * account (its balance after a purchase, a chat ban in a room, its unread badge) calls
 * `holdAccounts(...mobiles)` at its top: each of its tests then holds those accounts while it runs,
 * and another test holding one of them waits. The wait does not count against the test's timeout.
 * Accounts are taken in one order (sorted), so two tests never wait for each other. The holds live
 * in one directory per server, so a run never meets an earlier run's.
 */
export function holdAccounts(...mobiles: string[]): void {
  let paths: string[] = [];
  test.beforeEach(async ({ baseURL }, testInfo) => {
    paths = [];
    if (testInfo.annotations.some((a) => a.type === NO_HOLD)) return;
    const dir = join(tmpdir(), `qyq-e2e-holds-${new URL(baseURL!).port}`);
    paths = [...mobiles].sort().map((mobile) => join(dir, mobile));
    const started = Date.now();
    for (const path of paths) await takeHold(path);
    testInfo.setTimeout(testInfo.timeout + (Date.now() - started));
  });
  test.afterEach(async () => {
    for (const path of paths) await releaseHold(path);
  });
}

const NO_HOLD = 'holds no account';
/**
 * For a test in a holding spec that only looks as a visitor (no held account changes or is read),
 * so it runs beside the specs that hold them instead of waiting: `test(title, VISITOR_ONLY, fn)`.
 */
export const VISITOR_ONLY = {
  annotation: { type: NO_HOLD, description: 'a visitor only: changes and reads no held account' },
};
