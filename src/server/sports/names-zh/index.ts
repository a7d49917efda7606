/**
 * Chinese renderings of players' names written in Latin letters, after the Xinhua (新华社)
 * transliteration conventions mainland sports media follow (Müller → 穆勒, García → 加西亚,
 * Jensen → 延森, van Dijk → 范戴克). The spelling is read in the language of the player's
 * nationality (a FIFA code; NBA players: English), then written from one syllable grid.
 *
 * Pure and deterministic: the same name and nationality always give the same characters.
 * Authored names (seed/data/zh-names/players_zh.json) always win over these.
 */
import { koreanName, japanese } from './east-asian.ts';
import { english, table } from './english.ts';
import { dutch, german, nordic } from './germanic.ts';
import {
  albanian,
  czech,
  eastSlavic,
  hungarian,
  plain,
  polish,
  romanian,
  southSlavic,
  turkish,
} from './other.ts';
import type { Language } from './reader.ts';
import { french, italian, portuguese, spanish } from './romance.ts';
import { spell } from './syllables.ts';

const BY_NATION: [Language, string][] = [
  [
    english,
    'ENG SCO WAL NIR IRL USA CAN AUS NZL JAM GHA NGA RSA ZAM ZIM BER GRN TRI GIB GAM KEN UGA SLE LBR',
  ],
  [spanish, 'ESP ARG URU PAR COL ECU MEX CHI PER VEN CRC PAN DOM HON EQG BOL GUA SLV NCA CUB PUR'],
  [portuguese, 'POR BRA CPV ANG MOZ GNB STP'],
  [italian, 'ITA SMR'],
  [
    french,
    'FRA BEL LUX MON HAI CIV SEN MLI GUI BFA TOG GAB CGO COD CMR BEN NIG MAR ALG TUN MAD COM CTA CHA MTN BDI RWA',
  ],
  [german, 'GER AUT SUI LIE'],
  [dutch, 'NED SUR CUW ARU'],
  [nordic, 'DEN NOR SWE ISL FRO'],
  [southSlavic, 'CRO SRB BIH SVN MNE MKD'],
  [polish, 'POL'],
  [czech, 'CZE SVK'],
  [eastSlavic, 'RUS UKR BLR BUL LTU LVA EST KAZ'],
  [turkish, 'TUR AZE'],
  [hungarian, 'HUN'],
  [albanian, 'ALB KVX'],
  [romanian, 'ROU MDA'],
  [japanese, 'JPN'],
];
const LANGUAGE = new Map(
  BY_NATION.flatMap(([lang, codes]) => codes.split(' ').map((c) => [c, lang] as const)),
);

/** The language a nationality's names are read in; basketball (the NBA rosters) and the unknown: English / plain. */
function languageOf(nationality: string | null | undefined, sport: number): Language {
  if (nationality) return LANGUAGE.get(nationality.toUpperCase()) ?? plain;
  return sport === 2 ? english : plain;
}

// Letters only some languages write: a word carrying them is read in that language, whatever the
// nationality (an NBA roster's Nurkić, a Swiss Džemaili).
const TELLTALE: [RegExp, Language][] = [
  [/[ćčšžđ]|[^aeiou]i[cć]$/u, southSlavic],
  [/[łśźżń]|sz|cz|wski$/u, polish],
  [/[řěů]/u, czech],
  [/[ğşı]/u, turkish],
  [/[ņļģķūėą]/u, eastSlavic],
  [/xh|ë/u, albanian],
];
const OWN_LETTERS = new Set<Language>([southSlavic, polish, czech, turkish, eastSlavic, hungarian, albanian]);

function readerFor(word: string, lang: Language): Language {
  if (OWN_LETTERS.has(lang)) return lang;
  for (const [re, l] of TELLTALE) if (re.test(word)) return l;
  return lang;
}

/** Names written the same in every language (穆罕默德 for each spelling of Muhammad). */
const COMMON = table(`
  Mohamed 穆罕默德 Mohammed 穆罕默德 Muhammad 穆罕默德 Mohammad 穆罕默德 Ahmed 艾哈迈德
  Ahmad 艾哈迈德 Ali 阿里 Abdullah 阿卜杜拉 Hassan 哈桑 Omar 奥马尔 Ibrahim 易卜拉欣 Mustafa 穆斯塔法
  Youssef 优素福 Yusuf 优素福 Williams 威廉斯 Silva 席尔瓦 Hernández 埃尔南德斯 Hernandez 埃尔南德斯
  Moussa 穆萨 Ousmane 奥斯曼 Mamadou 马马杜 Ibrahima 易卜拉希马 Cheick 谢赫 Abdoulaye 阿卜杜拉耶
  Amadou 阿马杜 Boubacar 布巴卡尔 Idrissa 伊德里萨 Lamine 拉米内 Sadio 萨迪奥 Souleymane 苏莱曼
  Karim 卡里姆 Ndiaye 恩迪亚耶 Diallo 迪亚洛 Diop 迪奥普 Sarr 萨尔 Gueye 盖耶 Cissé 西塞 Cisse 西塞
  Traoré 特拉奥雷 Traore 特拉奥雷 Touré 图雷 Toure 图雷 Koné 科内 Kone 科内 Diarra 迪亚拉
  Camara 卡马拉 Kamara 卡马拉 Keita 凯塔 Coulibaly 库利巴利 Diaby 迪亚比 Diabaté 迪亚巴特
  Fofana 福法纳 Doucouré 杜库雷 Konaté 科纳特 Kouyaté 库亚特 Sissoko 西索科 Bamba 班巴 Kanté 坎特
  Mendy 门迪 Dieng 迪昂 Niang 尼昂 Faye 法耶 Seck 塞克 Dembélé 登贝莱 Sow 索乌
`);

/** Initials (PJ, CJ) are read letter by letter, as the letters are called in Chinese. */
const LETTERS: Record<string, string> = {
  A: '埃',
  B: '比',
  C: '西',
  D: '迪',
  E: '伊',
  F: '埃夫',
  G: '吉',
  H: '埃奇',
  I: '艾',
  J: '杰',
  K: '凯',
  L: '埃尔',
  M: '埃姆',
  N: '恩',
  O: '奥',
  P: '皮',
  Q: '丘',
  R: '阿尔',
  S: '埃斯',
  T: '蒂',
  U: '尤',
  V: '维',
  W: '达布尔尤',
  X: '埃克斯',
  Y: '瓦伊',
  Z: '齐',
};

/** Particles joined to the surname in Chinese without a dot (范戴克, 德布劳内, 多斯桑托斯). */
const PARTICLES: Record<string, string> = {
  van: '范',
  von: '冯',
  de: '德',
  der: '德',
  den: '登',
  del: '德尔',
  della: '德拉',
  di: '迪',
  da: '达',
  das: '达斯',
  do: '杜',
  dos: '多斯',
  du: '迪',
  la: '拉',
  le: '勒',
  el: '',
  al: '',
  ter: '特尔',
  ten: '滕',
  dal: '达尔',
  zu: '楚',
  mac: '麦克',
  mc: '麦克',
};
const SUFFIXES = /^(jr\.?|jnr\.?|sr\.?|ii|iii|iv)$/i;
const CJK = /[^\u3400-\u9fff·-]/gu;

const plainKey = (w: string) =>
  w
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const spellLetters = (w: string) => [...plainKey(w).toUpperCase()].map((c) => LETTERS[c] ?? '').join('');

/** One word (no spaces) in Chinese: hyphenated parts joined by '-'. */
function word(w: string, lang: Language, given = false): string {
  return w
    .split('-')
    .filter(Boolean)
    .map((part) => {
      if (/^[A-Z]{1,3}\.?$/.test(part) && !/[AEIOUY]/.test(part.slice(0, 2))) return spellLetters(part);
      const key = plainKey(part);
      const lower = part.toLowerCase();
      const reader = readerFor(lower, lang);
      const fixed =
        reader.words[key] ?? lang.words[key] ?? COMMON[key] ?? (given ? english.words[key] : undefined);
      if (fixed) return fixed;
      const tokens = reader.read(lower.normalize('NFC').replace(/['’ʼ`]/g, '|'));
      // A spelling no rule can voice (a lone Ğ) is read letter by letter rather than dropped.
      return spell(tokens, reader).replace(CJK, '') || spellLetters(part);
    })
    .filter(Boolean)
    .join('-');
}

export interface ChineseName {
  /** What prose uses: the surname (with its particles), as mainland media write 萨拉赫. */
  short: string;
  /** Given name(s) and surname joined by '·' (默罕默德·萨拉赫); 小 before a Jr. */
  full: string;
}

/** The Chinese rendering of a player's name written in Latin letters. */
export function transliterate(name: string, nationality?: string | null, sport = 1): ChineseName {
  let words = name.trim().split(/\s+/).filter(Boolean);
  const junior = words.length > 1 && /^jr\.?$|^jnr\.?$/i.test(words.at(-1)!);
  words = words.filter((w, i) => i === 0 || !SUFFIXES.test(w));
  if (nationality?.toUpperCase() === 'KOR' || (words.length === 2 && /-/.test(words[1]))) {
    const korean = koreanName(words);
    if (korean) return { short: korean, full: korean };
  }
  const lang = languageOf(nationality, sport);
  // Júnior / Filho close a Portuguese name but are not what it is called by (Vinícius Júnior → 维尼修斯).
  if (lang === portuguese && words.length > 1 && /^(j[uú]nior|filho)$/i.test(words.at(-1)!))
    words = words.slice(0, -1);
  let start = words.length - 1;
  while (start > 1 && plainKey(words[start - 1]) in PARTICLES) start--;
  if (start === 1 && words.length > 2 && plainKey(words[0]) in PARTICLES) start = 0;
  const surname = words
    .slice(start)
    .map((w, i, all) => (i < all.length - 1 ? PARTICLES[plainKey(w)] : word(w, lang)))
    .join('');
  const given = words
    .slice(0, start)
    .map((w) => word(w, lang, true))
    .filter(Boolean);
  const short = surname || given.join('·');
  const full = (junior ? '小' : '') + [...given, surname].filter(Boolean).join('·');
  return { short, full };
}

export interface NamedPlayer {
  name: string;
  nationality?: string | null;
  sport: number;
  /** The authored Chinese name, when players_zh.json has one. */
  authored: string | null;
  /** Every team the player is listed at: two of one team must not read the same. */
  teamIds: number[];
}

/**
 * The Chinese name stored for each player: the authored one, else the short form; where two
 * players of one team would read the same, a transliterated one takes the full form
 * (托马斯·穆勒 beside 穆勒), as media tell two namesakes apart.
 */
export function chineseNames(list: NamedPlayer[]): string[] {
  const names = list.map((p) => transliterate(p.name, p.nationality, p.sport));
  const chosen = list.map((p, i) => p.authored ?? names[i].short);
  const byTeam = new Map<string, number[]>();
  list.forEach((p, i) => {
    for (const t of new Set(p.teamIds)) {
      const k = `${t}|${chosen[i]}`;
      byTeam.set(k, [...(byTeam.get(k) ?? []), i]);
    }
  });
  for (const same of byTeam.values())
    if (same.length > 1) for (const i of same) if (!list[i].authored) chosen[i] = names[i].full;
  return chosen;
}
