/** Match event types with their Chinese names (football and basketball). */
export const MATCH_EVENT_TYPES = {
  goal: '进球',
  own_goal: '乌龙球',
  penalty: '点球',
  penalty_missed: '点球未进',
  yellow: '黄牌',
  red: '红牌',
  yellow_red: '两黄变红',
  substitution: '换人',
  var: 'VAR',
  shootout_goal: '点球大战罚进',
  shootout_miss: '点球大战罚失',
  run: '得分潮',
  timeout: '暂停',
} as const;

export type MatchEventType = keyof typeof MATCH_EVENT_TYPES;
