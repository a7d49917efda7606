/** Turns openfootball round labels into stages and rounds with Chinese names (terms_zh.json). */
export interface RoundInfo {
  stageKey: string;
  stageZh: string;
  stageKind: 'league' | 'group' | 'playoff' | 'knockout';
  stageSort: number;
  roundKey: string;
  roundZh: string;
  number: number | null;
  sort: number;
}

const KNOCKOUT: Record<string, [string, number]> = {
  'Round of 32': ['1/16决赛', 1],
  'Round of 16': ['1/8决赛', 2],
  Quarterfinals: ['1/4决赛', 3],
  Semifinals: ['半决赛', 4],
  Final: ['决赛', 5],
};

export function roundInfo(label: string, competitionType: 'league' | 'cup'): RoundInfo {
  const md = label.match(/Matchday (\d+)$/);
  const n = md ? Number(md[1]) : null;
  if (label.startsWith('Group, ') && n) {
    return {
      stageKey: 'group',
      stageZh: '小组赛',
      stageKind: 'group',
      stageSort: 1,
      roundKey: label,
      roundZh: `小组赛第${n}轮`,
      number: n,
      sort: n,
    };
  }
  if (label.startsWith('League, ') && n) {
    return {
      stageKey: 'league',
      stageZh: '联赛阶段',
      stageKind: 'league',
      stageSort: 1,
      roundKey: label,
      roundZh: `联赛阶段第${n}轮`,
      number: n,
      sort: n,
    };
  }
  if (label.startsWith('Playoffs') && n) {
    return {
      stageKey: 'playoff',
      stageZh: '附加赛',
      stageKind: 'playoff',
      stageSort: 2,
      roundKey: label,
      roundZh: n === 1 ? '附加赛首回合' : '附加赛次回合',
      number: n,
      sort: 100 + n,
    };
  }
  if (label.startsWith('Finals, ')) {
    const name = label.slice('Finals, '.length);
    const [zh, order] = KNOCKOUT[name] ?? [name, 9];
    return {
      stageKey: 'knockout',
      stageZh: '淘汰赛',
      stageKind: 'knockout',
      stageSort: 3,
      roundKey: label,
      roundZh: zh,
      number: null,
      sort: 200 + order,
    };
  }
  if (n && competitionType === 'league') {
    return {
      stageKey: 'league',
      stageZh: '联赛',
      stageKind: 'league',
      stageSort: 1,
      roundKey: label,
      roundZh: `第${n}轮`,
      number: n,
      sort: n,
    };
  }
  return {
    stageKey: 'other',
    stageZh: '其他',
    stageKind: 'knockout',
    stageSort: 9,
    roundKey: label,
    roundZh: label,
    number: n,
    sort: 900,
  };
}
