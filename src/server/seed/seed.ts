import type { Db } from '../db/client.ts';
import { aboutPages, adverts, navItems, siteSettings, users } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { demoPasswordHash } from './demo-password.ts';
import { aboutPageSeeds } from './about-pages.ts';
import { seedAccountExtras } from './accounts.ts';
import { seedCircles } from './community/index.ts';
import { seedLive } from './live.ts';
import { seedNewsColumns } from './news.ts';
import { seedWallet } from './wallet.ts';
import { advertSeeds, demoAccounts, navigation, settingSeeds, type NavSeed } from './site-content.ts';

/**
 * Fills an empty database with the demo site. Idempotent: each part is written only when its
 * table is empty (or its row is missing), so operators' later edits are never overwritten.
 */
export async function seedDemo(db: Db, log: Logger): Promise<void> {
  const empty = async (table: Parameters<Db['$count']>[0]) => (await db.$count(table)) === 0;
  // Hashed off the main thread while the rows below are written.
  const passwordHash = demoPasswordHash();
  passwordHash.catch(() => {}); // awaited below; only keeps an early failure from counting as unhandled

  for (const [key, value] of Object.entries(settingSeeds)) {
    await db.insert(siteSettings).values({ key, value }).onConflictDoNothing();
  }
  if (await empty(navItems)) await insertNav(db, navigation, null);
  if (await empty(adverts)) await db.insert(adverts).values(advertSeeds.map((a, i) => ({ ...a, sort: i })));
  await db.insert(aboutPages).values(aboutPageSeeds).onConflictDoNothing();

  for (const a of demoAccounts) {
    await db
      .insert(users)
      .values({ ...a, roles: [...a.roles], passwordHash: await passwordHash, phoneVerifiedAt: new Date() })
      .onConflictDoNothing();
  }
  await seedAccountExtras(db);
  await seedWallet(db);
  await seedLive(db);
  await seedCircles(db);
  await seedNewsColumns(db);
  log.info('demo seed checked');
}

async function insertNav(db: Db, items: NavSeed[], parentId: number | null) {
  for (const [sort, item] of items.entries()) {
    const [row] = await db
      .insert(navItems)
      .values({ parentId, label: item.label, href: item.href, disabled: item.disabled ?? false, sort })
      .returning({ id: navItems.id });
    if (item.children) await insertNav(db, item.children, row.id);
  }
}
