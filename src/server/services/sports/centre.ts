import type { Db } from '../../db/client.ts';
import type { DataService } from './data.ts';
import type { ListService } from './lists.ts';
import { createOddsDetailService } from './odds-detail.ts';
import type { OddsService } from './odds.ts';
import { createSeasonViews } from './season-views.ts';
import type { StandingsService } from './standings.ts';
import { createTeamViews } from './team-views.ts';

/**
 * Reads the match centre, odds-detail and database pages need beyond the engine's services
 * (docs/match-centre.md): odds change tables, season views, team and player views.
 */
export function createCentreServices(deps: {
  db: Db;
  lists: ListService;
  standings: StandingsService;
  odds: OddsService;
  data: DataService;
}) {
  return {
    oddsDetail: createOddsDetailService(deps.odds),
    seasons: createSeasonViews(deps),
    teams: createTeamViews(deps),
  };
}

export type CentreServices = ReturnType<typeof createCentreServices>;
