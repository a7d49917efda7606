/** Table zones (qualification and relegation) by competition, for the standings' colour bands. */
export interface Zone {
  key: string;
  name: string;
  color: string;
}

const Z = {
  ucl: { key: 'ucl', name: '欧冠', color: '#1d4ed8' },
  uclq: { key: 'uclq', name: '欧冠资格赛', color: '#3b82f6' },
  uel: { key: 'uel', name: '欧联', color: '#ea580c' },
  uecl: { key: 'uecl', name: '欧协联', color: '#16a34a' },
  acl: { key: 'acl', name: '亚冠', color: '#1d4ed8' },
  releg: { key: 'releg', name: '降级', color: '#dc2626' },
  relegPo: { key: 'relegPo', name: '降级附加赛', color: '#f97316' },
  r16: { key: 'r16', name: '晋级16强', color: '#1d4ed8' },
  po: { key: 'po', name: '淘汰附加赛', color: '#ea580c' },
  qualify: { key: 'qualify', name: '出线', color: '#1d4ed8' },
  uelDrop: { key: 'uelDrop', name: '转战欧联', color: '#ea580c' },
  playoffs: { key: 'playoffs', name: '季后赛', color: '#1d4ed8' },
  playIn: { key: 'playIn', name: '附加赛', color: '#ea580c' },
} satisfies Record<string, Zone>;

type Band = [from: number, to: number, zone: Zone];

/** Bands by competition; `size` is the table's number of teams (relegation counts from the bottom). */
function bands(competition: string, stageKind: string, size: number): Band[] {
  if (competition === 'uefa.cl')
    return stageKind === 'group'
      ? [
          [1, 2, Z.qualify],
          [3, 3, Z.uelDrop],
        ]
      : [
          [1, 8, Z.r16],
          [9, 24, Z.po],
        ];
  if (competition === 'nba')
    return [
      [1, 6, Z.playoffs],
      [7, 10, Z.playIn],
    ];
  if (competition === 'cba') return [[1, 12, Z.playoffs]];
  if (competition === 'cn.1')
    return [
      [1, 3, Z.acl],
      [size - 1, size, Z.releg],
    ];
  if (competition === 'fr.1')
    return [
      [1, 3, Z.ucl],
      [4, 4, Z.uclq],
      [5, 5, Z.uel],
      [6, 6, Z.uecl],
      [size - 2, size - 2, Z.relegPo],
      [size - 1, size, Z.releg],
    ];
  if (competition === 'de.1')
    return [
      [1, 4, Z.ucl],
      [5, 5, Z.uel],
      [6, 6, Z.uecl],
      [size - 2, size - 2, Z.relegPo],
      [size - 1, size, Z.releg],
    ];
  return [
    [1, 4, Z.ucl],
    [5, 5, Z.uel],
    [6, 6, Z.uecl],
    [size - 2, size, Z.releg],
  ];
}

export function zoneOf(competition: string, stageKind: string, size: number, rank: number): Zone | null {
  return bands(competition, stageKind, size).find(([from, to]) => rank >= from && rank <= to)?.[2] ?? null;
}
