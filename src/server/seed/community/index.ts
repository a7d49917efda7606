import type { Db } from '../../db/client.ts';
import { circles } from '../../db/schema/index.ts';
import { CIRCLE_RULES, CIRCLE_SEEDS } from './circles.ts';

/** The circles, each once (by slug); operators' later edits stay. */
export async function seedCircles(db: Db): Promise<void> {
  await db
    .insert(circles)
    .values(
      CIRCLE_SEEDS.map((c, sort) => ({
        slug: c.slug,
        name: c.name,
        icon: `/community/${c.slug}.svg`,
        intro: c.intro,
        rules: CIRCLE_RULES,
        competitionKey: c.competitionKey,
        sort,
      })),
    )
    .onConflictDoNothing();
}
