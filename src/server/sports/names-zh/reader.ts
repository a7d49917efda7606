/**
 * A spelling reader: ordered rules (a regular expression matched at the current letter, the sound
 * tokens it stands for) tried before each letter; the first that matches wins, so longer and
 * more particular spellings come first. A letter no rule takes is read plainly (below).
 */
export type Rule = [pattern: string, tokens: string];

export interface Language {
  /** Words written one fixed way whatever the rules say (Silva → 席尔瓦), keyed without accents. */
  words: Record<string, string>;
  read: (word: string) => string[];
  /** A vowel + r before a consonant is written 尔 (not in English, where that r is silent). */
  rBeforeConsonant: boolean;
}

const PLAIN: Record<string, string> = {
  c: 'k',
  q: 'k',
  x: 'k s',
  j: 'y',
  ß: 's',
  ø: 'e',
  æ: 'e',
  œ: 'e',
  ł: 'w',
};
const VOWEL_AHEAD = /^[aeiouyáéíóúàèìòùâêîôûäëïöüãõåøæœ]/;

// Two of a consonant are read as one (Donnarumma → 多纳鲁马), and so are ck (Becker → 贝克尔) and a
// doubled a, e or o (Kroos → 克罗斯), after the language's own rules.
const DOUBLE: Rule = [[...'bcdfghjklmnpqrstvwxzßaeo'].map((c) => `${c}(?=${c})`).join('|') + '|c(?=k)', ''];

/**
 * All rules as one sticky alternation: the engine tries them in order at each letter in a single
 * pass, which is what keeps thousands of names to milliseconds. Rules must not use capturing groups.
 */
export function makeReader(rules: Rule[]): (word: string) => string[] {
  const all = [...rules, DOUBLE];
  const outs = all.map(([, t]) => t.split(' ').filter(Boolean));
  const re = new RegExp(all.map(([p]) => `(${p})`).join('|'), 'uy');
  return (word) => {
    const tokens: string[] = [];
    let i = 0;
    while (i < word.length) {
      re.lastIndex = i;
      const m = re.exec(word);
      if (m) {
        const k = m.findIndex((g, n) => n > 0 && g !== undefined);
        tokens.push(...outs[k - 1]);
        i += m[0].length;
        continue;
      }
      const ch = word[i];
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (base === 'y') tokens.push(VOWEL_AHEAD.test(word.slice(i + 1)) ? 'y' : 'i');
      else if (/^[a-z]$/.test(base)) tokens.push(...(PLAIN[base] ?? base).split(' '));
      else if (PLAIN[ch]) tokens.push(...PLAIN[ch].split(' '));
      else if (ch === '|') tokens.push('|');
      i++;
    }
    return tokens;
  };
}
