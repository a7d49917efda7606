import { and, eq, inArray, or } from 'drizzle-orm';
import { codesWhere, type MatchPhase } from '../../../lib/vocab/match-states.ts';
import { matches } from '../../db/schema/index.ts';

/** Matches of either sport whose state is in a phase `test` accepts (state codes differ by sport). */
export const matchInPhase = (test: (p: MatchPhase) => boolean) =>
  or(
    and(eq(matches.sport, 1), inArray(matches.state, codesWhere(1, test))),
    and(eq(matches.sport, 2), inArray(matches.state, codesWhere(2, test))),
  );
