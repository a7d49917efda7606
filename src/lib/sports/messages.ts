/** User-facing messages of sports data (docs/sports-api.md); matchNotFound is also the live rooms'. */
export const SPORTS_MSG = {
  matchNotFound: '比赛不存在',
  sportInvalid: '参数 sport 无效：只能是 football 或 basketball',
  dateInvalid: '日期格式应为 YYYY-MM-DD',
  competitionNotFound: '赛事不存在',
  seasonNotFound: '赛季不存在',
  teamNotFound: '球队不存在',
  playerNotFound: '球员不存在',
  oddsCompanyNotFound: '赔率公司不存在',
  matchStarted: '比赛已开始，无法预约',
  feedImportFailed: '数据导入失败：{reason}',
} as const;
