/** Shapes the match-centre components read, taken from the services that produce them. */
import type { SportsServices } from '../../server/services/sports/index.ts';

type Result<F extends (...args: never[]) => unknown> = NonNullable<Awaited<ReturnType<F>>>;

export type MatchDetail = Result<SportsServices['match']['detail']>;
export type MatchEventView = Result<SportsServices['match']['events']>[number];
export type MatchStatsView = Result<SportsServices['match']['stats']>;
export type LineupView = Result<SportsServices['match']['lineups']>[number];
export type TextLine = Result<SportsServices['match']['texts']>[number];
export type AnalysisView = Result<SportsServices['analysis']['analysis']>;
export type OddsMarketView = Result<SportsServices['odds']['market']>;
export type OddsCompanyView = OddsMarketView['companies'][number];
export type OddsChange = Result<SportsServices['odds']['history']>['changes'][number];
export type ThreeRow = Result<SportsServices['odds']['three']>[number];
export type StandingsView = Result<SportsServices['standings']['table']>;
export type StandingRowView = StandingsView['groups'][number]['rows'][number];
