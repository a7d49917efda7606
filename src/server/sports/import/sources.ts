import { COMPETITIONS, type CompetitionDef } from './catalog.ts';
import { readFixtures, type Fixture } from './files.ts';
import { zonedToUtc } from './zoned.ts';

/** One fixture as the importer uses it: team names without the UCL country suffix, kick-off in UTC. */
export interface SourceMatch {
  competition: CompetitionDef;
  season: string;
  index: number;
  fixture: Fixture;
  home: string;
  away: string;
  homeCountry: string | null;
  awayCountry: string | null;
  kickoff: Date;
  /** No result in the data: scored by the season finisher (season-finish.ts, 演示). */
  simulated?: boolean;
}

const SUFFIX = / \(([A-Z]{3})\)$/;

function splitName(raw: string, fallbackCountry: string | null): [string, string | null] {
  const m = raw.match(SUFFIX);
  return m ? [raw.replace(SUFFIX, ''), m[1]] : [raw, fallbackCountry];
}

/** Every fixture of every football season file, in file order. */
export function loadFootballSources(): SourceMatch[] {
  const out: SourceMatch[] = [];
  for (const competition of COMPETITIONS.filter((c) => c.sport === 1)) {
    for (const season of competition.seasons) {
      if (!season.file) continue;
      // UCL clubs carry their own country code in the fixture; league clubs take the league's.
      const country = competition.country;
      readFixtures(season.file).forEach((fixture, index) => {
        const [home, homeCountry] = splitName(fixture.team1, country);
        const [away, awayCountry] = splitName(fixture.team2, country);
        // A fixture without a time (not yet scheduled) is put at 15:00 local.
        const kickoff = zonedToUtc(fixture.date, fixture.time ?? '15:00', competition.zone);
        out.push({
          competition,
          season: season.name,
          index,
          fixture,
          home,
          away,
          homeCountry,
          awayCountry,
          kickoff,
        });
      });
    }
  }
  return out;
}
