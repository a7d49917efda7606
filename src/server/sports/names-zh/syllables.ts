/**
 * Sounds → Chinese characters: the shared syllable grid of the Xinhua (新华社) transliteration
 * tables. Each language file reads its spelling into the sound tokens below; this file alone picks
 * the characters, so every language writes a syllable with the same character (德, 斯, 森 …).
 *
 * Tokens: a consonant (`b`, `sh`, `ts` …), a vowel (`a`, `ai`, `ə` …), `|` (a break: nothing joins
 * across it, as after the apostrophe of N'Golo) or `=汉字` (characters a language table chose).
 */

/** The vowel columns of the grid; `an` … `ong` are a vowel closed by n / m / ng. */
const VOWELS = [
  'a',
  'e',
  'i',
  'o',
  'u',
  'ü',
  'ai',
  'ei',
  'ao',
  'an',
  'en',
  'in',
  'on',
  'un',
  'ang',
  'ing',
  'ong',
  'ə',
  'ye',
  'yu',
  '',
] as const;
const COLUMN = new Map<string, number>(VOWELS.map((v, i) => [v, i]));

/**
 * One row per consonant, one cell per column of VOWELS (the last: the consonant alone, as in the
 * s of Ramos → 斯). Cells are separated by spaces; a cell may hold two characters (尼亚).
 */
const GRID: Record<string, string> = {
  '': '阿 埃 伊 奥 乌 于 艾 埃 奥 安 恩 因 翁 温 昂 英 翁 厄 耶 尤 _',
  b: '巴 贝 比 博 布 比 拜 贝 鲍 班 本 宾 邦 本 邦 宾 邦 伯 别 比乌 布',
  p: '帕 佩 皮 波 普 皮 派 佩 保 潘 彭 平 蓬 蓬 庞 平 蓬 珀 佩 皮乌 普',
  d: '达 德 迪 多 杜 迪 戴 戴 道 丹 登 丁 东 敦 当 丁 东 德 迭 丢 德',
  t: '塔 特 蒂 托 图 蒂 泰 泰 陶 坦 滕 廷 通 通 唐 廷 通 特 铁 蒂乌 特',
  g: '加 格 吉 戈 古 吉 盖 盖 高 甘 根 金 贡 贡 冈 金 贡 格 盖 久 格',
  k: '卡 克 基 科 库 屈 凯 凯 考 坎 肯 金 孔 昆 康 金 孔 克 凯 丘 克',
  f: '法 费 菲 福 富 菲 法 费 福 凡 芬 芬 丰 丰 方 芬 丰 弗 费 菲乌 夫',
  v: '瓦 韦 维 沃 武 维 魏 韦 沃 万 文 温 冯 文 万 温 冯 弗 维 维乌 夫',
  w: '瓦 韦 维 沃 伍 维 怀 韦 沃 万 文 温 翁 文 旺 温 翁 沃 韦 维 乌',
  m: '马 梅 米 莫 穆 米 迈 梅 毛 曼 门 明 蒙 蒙 芒 明 蒙 默 梅 缪 姆',
  n: '纳 内 尼 诺 努 尼 奈 内 瑙 南 嫩 宁 农 农 南 宁 农 纳 涅 纽 恩',
  l: '拉 莱 利 洛 卢 吕 莱 莱 劳 兰 伦 林 隆 伦 朗 林 隆 勒 列 柳 尔',
  r: '拉 雷 里 罗 鲁 吕 赖 雷 劳 兰 伦 林 龙 伦 朗 林 龙 勒 列 留 尔',
  h: '哈 赫 希 霍 胡 许 海 海 豪 汉 亨 欣 洪 洪 杭 欣 洪 赫 希耶 休 赫',
  s: '萨 塞 西 索 苏 叙 赛 赛 绍 桑 森 辛 松 孙 桑 辛 松 瑟 谢 修 斯',
  z: '扎 泽 齐 佐 祖 聚 宰 泽 藻 赞 曾 津 宗 尊 藏 京 宗 泽 泽 久 兹',
  ts: '察 策 齐 措 楚 齐 蔡 策 曹 灿 岑 钦 聪 聪 仓 青 聪 策 切 秋 茨',
  sh: '沙 谢 希 肖 舒 许 夏 谢 绍 尚 申 欣 雄 顺 尚 辛 雄 舍 谢 休 什',
  zh: '雅 热 吉 若 茹 朱 扎 热 饶 让 让 然 容 容 让 然 容 热 热 久 日',
  ch: '查 切 奇 乔 丘 丘 柴 切 乔 钱 琴 钦 琼 春 昌 钦 琼 彻 切 秋 奇',
  j: '贾 杰 吉 乔 朱 久 贾 杰 焦 詹 真 金 琼 准 章 金 琼 杰 杰 久 奇',
  y: '亚 耶 伊 约 尤 尤 亚 耶 尧 扬 延 因 永 云 扬 英 永 耶 耶 尤 伊',
  // German ch after a front vowel (Kimmich → 基米希).
  ç: '夏 谢 希 肖 休 许 夏 谢 绍 尚 申 欣 雄 顺 尚 辛 雄 舍 谢 休 希',
  ny: '尼亚 涅 尼 尼奥 纽 纽 奈 涅 尼奥 尼安 年 宁 尼翁 纽 尼昂 宁 尼翁 涅 涅 纽 尼',
  ly: '利亚 列 利 略 柳 柳 莱 列 廖 连 连 林 隆 伦 良 林 隆 列 列 柳 利',
  kw: '夸 奎 奎 阔 库 奎 夸 奎 阔 宽 昆 昆 孔 昆 匡 昆 孔 奎 奎 丘 克',
  gw: '瓜 圭 圭 果 古 圭 瓜 圭 果 关 根 金 贡 贡 光 金 贡 圭 圭 久 格',
};
GRID.x = GRID.h;

const CELLS = new Map(Object.entries(GRID).map(([c, row]) => [c, row.split(' ')]));
const SIMPLE = new Set(['a', 'e', 'i', 'o', 'u', 'ü']);
const NASAL: Record<string, Record<string, string>> = {
  n: { a: 'an', e: 'en', i: 'in', o: 'on', u: 'un', ü: 'in' },
  m: { a: 'an', e: 'en', i: 'in', o: 'on', u: 'un', ü: 'in' },
  ng: { a: 'ang', e: 'en', i: 'ing', o: 'ong', u: 'ong', ü: 'ing' },
};

export const isVowel = (t: string | undefined) => t !== undefined && t !== '' && COLUMN.has(t);
const cell = (c: string, v: string) => {
  const row = CELLS.get(c) ?? CELLS.get('')!;
  const ch = row[COLUMN.get(v)!];
  return ch === '_' ? '' : ch;
};

export interface SpellOptions {
  /** A vowel + r before a consonant: the r is written 尔 (most languages) or silent (English). */
  rBeforeConsonant: boolean;
}

/** The characters of one word's sound tokens. */
export function spell(tokens: string[], opts: SpellOptions): string {
  let out = '';
  let i = 0;
  let prev = '|';
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.startsWith('=')) {
      out += t.slice(1);
      prev = '|';
      i++;
      continue;
    }
    if (t === '|') {
      prev = '|';
      i++;
      continue;
    }
    let c = '';
    let v: string;
    let j: number;
    let glide = false;
    if (isVowel(t)) {
      v = t;
      j = i + 1;
      // A vowel after i glides: Diallo → 迪亚洛, García → 加西亚.
      glide = prev === 'i' && v === 'a';
      if (glide) c = 'y';
    } else if (isVowel(tokens[i + 1])) {
      c = t;
      v = tokens[i + 1];
      j = i + 2;
    } else {
      out += alone(t, prev, tokens[i + 1], opts);
      prev = t;
      i++;
      continue;
    }
    const next = tokens[j];
    // n / m / ng closing the syllable (before a consonant or at the end): Martín → 马丁.
    if (
      SIMPLE.has(v) &&
      next &&
      NASAL[next] &&
      !isVowel(tokens[j + 1]) &&
      !(next === 'm' && j === tokens.length - 1)
    ) {
      v = NASAL[next][v];
      j++;
      // …but -ian is 安, not 扬: Adrián → 阿德里安, Kylian → 基利安.
      if (glide) c = '';
    }
    out += cell(c, v);
    prev = v;
    i = j;
  }
  return out;
}

/** A consonant without its vowel. */
function alone(t: string, prev: string, next: string | undefined, opts: SpellOptions): string {
  if (!CELLS.has(t)) return '';
  const afterVowel = isVowel(prev);
  if (t === 'r' && afterVowel && !opts.rBeforeConsonant) return '';
  if (t === 'h' && (afterVowel || next === undefined)) return '';
  // A y closing a syllable (Slavic j: Rajković → 拉伊科维奇) is 伊; a w there is silent (Andrew).
  if (t === 'y') return '伊';
  if (t === 'w') return afterVowel ? '' : cell(t, '');
  if (t === 'ng') return afterVowel ? '恩' : '恩格';
  // Before w the consonant takes u: Lacroix → 拉克鲁瓦, Dubois → 迪布瓦.
  if (next === 'w') return cell(t, 'u');
  // f and v before l / r: 弗 (Florian → 弗洛里安, Frank → 弗兰克).
  if ((t === 'f' || t === 'v') && (next === 'l' || next === 'r')) return '弗';
  return cell(t, '');
}
