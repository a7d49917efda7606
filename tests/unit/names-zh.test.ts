import { describe, expect, it } from 'vitest';
import { chineseNames, transliterate } from '../../src/server/sports/names-zh/index.ts';

const short = (name: string, nationality: string | null, sport = 1) =>
  transliterate(name, nationality, sport).short;

/** Renderings mainland media use; each row: source spelling, FIFA code, Chinese. */
const CASES: Record<string, [string, string | null, string][]> = {
  spanish: [
    ['Sergio Ramos', 'ESP', '拉莫斯'],
    ['Álvaro García', 'ESP', '加西亚'],
    ['Fernando Torres', 'ESP', '托雷斯'],
    ['Dani Carvajal', 'ESP', '卡瓦哈尔'],
    ['Martín Zubimendi', 'ESP', '苏比门迪'],
    ['Mikel Merino', 'ESP', '梅里诺'],
    ['Darwin Núñez', 'URU', '努涅斯'],
    ['Luis Díaz', 'COL', '迪亚斯'],
    ['Rodrigo Hernández', 'ESP', '埃尔南德斯'],
    ['Nahuel Molina', 'ARG', '莫利纳'],
    ['Nicolás Otamendi', 'ARG', '奥塔门迪'],
    ['Lisandro Martínez', 'ARG', '马丁内斯'],
    ['Enzo Fernández', 'ARG', '费尔南德斯'],
    ['Julián Álvarez', 'ARG', '阿尔瓦雷斯'],
  ],
  portuguese: [
    ['Bruno Fernandes', 'POR', '费尔南德斯'],
    ['Rúben Dias', 'POR', '迪亚斯'],
    ['João Cancelo', 'POR', '坎塞洛'],
    ['Nuno Mendes', 'POR', '门德斯'],
    ['Diogo Dalot', 'POR', '达洛特'],
    ['Pedro Neto', 'POR', '内托'],
    ['Bernardo Silva', 'POR', '席尔瓦'],
    ['Francisco Trincão', 'POR', '特林康'],
    ['Gonçalo Inácio', 'POR', '伊纳西奥'],
    ['Vitinha', 'POR', '维蒂尼亚'],
    ['João Neves', 'POR', '内维斯'],
  ],
  italian: [
    ['Paolo Rossi', 'ITA', '罗西'],
    ['Nicolò Barella', 'ITA', '巴雷拉'],
    ['Alessandro Bastoni', 'ITA', '巴斯托尼'],
    ['Federico Chiesa', 'ITA', '基耶萨'],
    ['Gianluigi Donnarumma', 'ITA', '多纳鲁马'],
    ['Manuel Locatelli', 'ITA', '洛卡特利'],
    ['Giacomo Raspadori', 'ITA', '拉斯帕多里'],
    ['Mattia Zaccagni', 'ITA', '扎卡尼'],
    ['Lorenzo Pellegrini', 'ITA', '佩莱格里尼'],
    ['Bryan Cristante', 'ITA', '克里斯坦特'],
    ['Leonardo Spinazzola', 'ITA', '斯皮纳佐拉'],
  ],
  french: [
    ['Mathieu Dubois', 'FRA', '迪布瓦'],
    ['William Saliba', 'FRA', '萨利巴'],
    ['Adrien Rabiot', 'FRA', '拉比奥'],
    ['Benjamin Pavard', 'FRA', '帕瓦尔'],
    ['Olivier Giroud', 'FRA', '吉鲁'],
    ['Maxence Lacroix', 'FRA', '拉克鲁瓦'],
    ['Florian Thauvin', 'FRA', '托万'],
    ['Lucas Digne', 'FRA', '迪涅'],
    ['Alexandre Lacazette', 'FRA', '拉卡泽特'],
    ['Ibrahima Konaté', 'FRA', '科纳特'],
  ],
  german: [
    ['Thomas Müller', 'GER', '穆勒'],
    ['Manuel Neuer', 'GER', '诺伊尔'],
    ['Joshua Kimmich', 'GER', '基米希'],
    ['Florian Wirtz', 'GER', '维尔茨'],
    ['Mats Hummels', 'GER', '胡梅尔斯'],
    ['Robert Andrich', 'GER', '安德里希'],
    ['Serge Gnabry', 'GER', '格纳布里'],
    ['Timo Werner', 'GER', '维尔纳'],
    ['Konrad Laimer', 'AUT', '莱默'],
    ['Marc-André ter Stegen', 'GER', '特尔施特根'],
  ],
  dutch_nordic: [
    ['Virgil van Dijk', 'NED', '范戴克'],
    ['Frenkie de Jong', 'NED', '德容'],
    ['Stefan de Vrij', 'NED', '德弗赖'],
    ['Frederik Jensen', 'DEN', '延森'],
    ['Christian Eriksen', 'DEN', '埃里克森'],
    ['Andreas Christensen', 'DEN', '克里斯滕森'],
    ['Martin Ødegaard', 'NOR', '厄德高'],
    ['Alexander Isak', 'SWE', '伊萨克'],
  ],
  slavic_and_more: [
    ['Luka Modrić', 'CRO', '莫德里奇'],
    ['Dušan Vlahović', 'SRB', '弗拉霍维奇'],
    ['Robert Lewandowski', 'POL', '莱万多夫斯基'],
    ['Kamil Kowalski', 'POL', '科瓦尔斯基'],
    ['Wojciech Szczęsny', 'POL', '什琴斯尼'],
    ['Oleksandr Zinchenko', 'UKR', '津琴科'],
    ['Mykhailo Mudryk', 'UKR', '穆德里克'],
    ['Nikola Jokić', null, '约基奇'],
  ],
  english: [
    ['Harry Kane', 'ENG', '凯恩'],
    ['Jack Grealish', 'ENG', '格里利什'],
    ['John Stones', 'ENG', '斯通斯'],
    ['Jordan Pickford', 'ENG', '皮克福德'],
    ['Kyle Walker', 'ENG', '沃克'],
    ['Andrew Robertson', 'SCO', '罗伯逊'],
    ['Scott McTominay', 'SCO', '麦克托米奈'],
    ['Stephen Curry', null, '库里'],
    ['Kevin Durant', null, '杜兰特'],
    ['Jayson Tatum', null, '塔图姆'],
    ['Devin Booker', null, '布克'],
    ['Jaren Jackson Jr.', null, '杰克逊'],
  ],
  asian: [
    ['Takefusa Kubo', 'JPN', '久保'],
    ['Kaoru Mitoma', 'JPN', '三笘'],
    ['Wataru Endo', 'JPN', '远藤'],
    ['Kim Min-Jae', 'KOR', '金玟哉'],
    ['Hwang Hee-Chan', 'KOR', '黄喜灿'],
  ],
};

describe('names-zh: Latin-script names in Chinese', () => {
  for (const [family, rows] of Object.entries(CASES))
    it(`writes ${family} names as mainland media do`, () => {
      expect(rows.map(([name, nat]) => short(name, nat, nat === null ? 2 : 1))).toEqual(
        rows.map(([, , zh]) => zh),
      );
    });

  it('joins particles to the surname and keeps given names apart with ·', () => {
    expect(transliterate('Ángel Di María', 'ARG')).toEqual({ short: '迪马里亚', full: '安赫尔·迪马里亚' });
    expect(transliterate('Jorge dos Santos', 'POR').short).toBe('多斯桑托斯');
    expect(transliterate('Kevin De Bruyne', 'NED').short.startsWith('德')).toBe(true);
    expect(transliterate('Josip Stanišić', 'CRO').full).toBe('约西普·斯塔尼希奇');
    expect(short('Alexis Mac Allister', 'ARG')).toMatch(/^麦克/);
    expect(short('Vinícius Júnior', 'BRA')).toBe('维尼修斯');
    expect(short('Roberto Firmino Filho', 'BRA')).toBe(short('Roberto Firmino', 'BRA'));
  });

  it('reads ck and a doubled vowel as one sound in any language', () => {
    expect(short('Alisson Becker', 'BRA')).toBe('贝克尔');
    expect(short('Toni Kroos', 'GER')).toBe('克罗斯');
    expect(short('Luuk de Jong', 'NED')).toBe('德容');
  });

  it('reads diacritics, hyphens, apostrophes and suffixes', () => {
    expect(short('Martin Ødegaard', 'NOR')).toBe('厄德高');
    expect(short('Álvaro García', 'ESP')).toBe(short('Alvaro Garcia', 'ESP'));
    expect(short('Trent Alexander-Arnold', 'ENG')).toBe('亚历山大-阿诺德');
    expect(short("N'Golo Kanté", 'FRA')).toBe('坎特');
    expect(transliterate("N'Golo Kanté", 'FRA').full).toBe('恩戈洛·坎特');
    expect(transliterate('Jaren Jackson Jr.', null, 2).full).toBe('小贾伦·杰克逊');
    expect(transliterate('Dereck Lively II', null, 2).full).not.toMatch(/II|[A-Za-z]/);
    expect(transliterate('PJ Hall', null, 2).full).toBe('皮杰·霍尔');
  });

  it('reads a word by the letters only its language writes, whatever the nationality', () => {
    expect(short('Jusuf Nurkić', null, 2)).toBe('努尔基奇');
    expect(short('Alperen Şengün', null, 2)).toMatch(/^申/);
    expect(short('Granit Xhaka', 'SUI')).toBe('贾卡');
  });

  it('is deterministic and writes no Latin letter for any spelling', () => {
    const names = [
      ['Zoë Ábàlo-Ñúñez Jr.', 'ESP'],
      ["D'Angelo O'Brien-McDonald III", 'USA'],
      ['Žžž Qxw', 'XYZ'],
      ['Ólafur Þórðarson', 'ISL'],
      ['Ğ', 'TUR'],
      ['Mohamed El Shenawy', 'EGY'],
    ];
    for (const [n, c] of names) {
      const a = transliterate(n, c);
      expect(a).toEqual(transliterate(n, c));
      expect(a.full).toMatch(/^[\u3400-\u9fff·-]+$/u);
      expect(a.short).toMatch(/^[\u3400-\u9fff·-]+$/u);
    }
  });

  it('tells two players of one club apart by the full form; an authored name stays as written', () => {
    const names = chineseNames([
      { name: 'Thomas Müller', nationality: 'GER', sport: 1, authored: '托马斯·穆勒', teamIds: [1] },
      { name: 'Tim Müller', nationality: 'GER', sport: 1, authored: null, teamIds: [1] },
      { name: 'Leon Müller', nationality: 'GER', sport: 1, authored: null, teamIds: [1] },
      { name: 'Kai Müller', nationality: 'GER', sport: 1, authored: null, teamIds: [2] },
      { name: 'Mohamed Salah', nationality: 'EGY', sport: 1, authored: '萨拉赫', teamIds: [3] },
    ]);
    expect(names).toEqual(['托马斯·穆勒', '蒂姆·穆勒', '莱昂·穆勒', '穆勒', '萨拉赫']);
  });

  it('costs little: thousands of names in well under a second', () => {
    const t0 = performance.now();
    for (let i = 0; i < 5000; i++) transliterate(`Kowalski${i % 7 ? 'ego' : ''} Fernández-Müller`, 'POL');
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
