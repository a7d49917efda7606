import { makeReader, type Language } from './reader.ts';

/** Croatian, Serbian, Bosnian, Montenegrin, Slovene, Macedonian (Latin script). */
export const southSlavic: Language = {
  rBeforeConsonant: true,
  words: { luka: '卢卡', ivan: '伊万', josip: '约西普', marko: '马尔科', nikola: '尼古拉', dusan: '杜尚' },
  read: makeReader([
    ['[čć]', 'ch'],
    ['dž|đ|dj', 'j'],
    ['š', 'sh'],
    ['ž', 'zh'],
    ['lj', 'ly'],
    ['nj', 'ny'],
    ['c', 'ts'],
    ['j', 'y'],
    ['h', 'x'],
    ['w', 'v'],
  ]),
};

/** Polish. */
export const polish: Language = {
  rBeforeConsonant: true,
  words: { jakub: '雅各布', piotr: '彼得', krzysztof: '克日什托夫', lukasz: '卢卡什' },
  read: makeReader([
    ['szcz', 'sh ch'],
    ['sz|ś|si(?=[aeou])', 'sh'],
    ['cz|ć|ci(?=[aeou])', 'ch'],
    ['rz|ż|ź|zi(?=[aeou])', 'zh'],
    ['dż|dz', 'j'],
    ['ch', 'x'],
    ['ń|ni(?=[aeou])', 'ny'],
    ['ł', 'w'],
    ['w(?=[^aeiouyąęó]|$)', 'v'],
    ['w', 'v'],
    ['c', 'ts'],
    ['j', 'y'],
    ['ó', 'u'],
    ['ą', 'o n'],
    ['ę', 'e n'],
    ['y', 'i'],
    ['h', 'x'],
  ]),
};

/** Czech and Slovak. */
export const czech: Language = {
  rBeforeConsonant: true,
  words: {},
  read: makeReader([
    ['ř', 'r zh'],
    ['č', 'ch'],
    ['š', 'sh'],
    ['ž', 'zh'],
    ['ch', 'x'],
    ['c', 'ts'],
    ['ě', 'ye'],
    ['ň', 'ny'],
    ['ď', 'd'],
    ['ť', 't'],
    ['j', 'y'],
    ['[yý]', 'i'],
    ['ů', 'u'],
    ['h', 'x'],
    ['w', 'v'],
  ]),
};

/** Russian, Ukrainian, Belarusian, Bulgarian … in English-style romanisation; also Baltic. */
export const eastSlavic: Language = {
  rBeforeConsonant: true,
  words: {},
  read: makeReader([
    ['shch', 'sh ch'],
    ['kh', 'x'],
    ['zh|ž', 'zh'],
    ['ts|tz', 'ts'],
    ['ch|č', 'ch'],
    ['sh|š', 'sh'],
    ['ya', 'y a'],
    ['yu', 'y u'],
    ['ye', 'y e'],
    ['iy$|yi$|yy$', 'i'],
    ['ņ', 'ny'],
    ['ļ', 'ly'],
    ['ģ', 'j'],
    ['ķ', 'ch'],
    ['j', 'y'],
    ['c', 'ts'],
    ['h', 'x'],
    ['w', 'v'],
    ['(?<=o)v$', 'f'],
  ]),
};

/** Turkish. */
export const turkish: Language = {
  rBeforeConsonant: true,
  words: {},
  read: makeReader([
    ['ç', 'ch'],
    ['ş', 'sh'],
    ['ğ', ''],
    ['ı', 'ə'],
    ['c', 'j'],
    ['j', 'zh'],
    ['ö', 'e'],
    ['ü', 'u'],
    ['h(?=[^aeıioöuü]|$)', ''],
  ]),
};

/** Hungarian. */
export const hungarian: Language = {
  rBeforeConsonant: true,
  words: {},
  read: makeReader([
    ['dzs', 'j'],
    ['sz', 's'],
    ['zs', 'zh'],
    ['cs', 'ch'],
    ['gy', 'j'],
    ['ny', 'ny'],
    ['ly', 'y'],
    ['ty', 'ch'],
    ['s', 'sh'],
    ['c', 'ts'],
    ['j', 'y'],
    ['[öőüű]', 'e'],
    ['y', 'i'],
  ]),
};

/** Albanian (Albania, Kosovo). */
export const albanian: Language = {
  rBeforeConsonant: true,
  words: {},
  read: makeReader([
    ['xh', 'j'],
    ['sh', 'sh'],
    ['zh', 'zh'],
    ['gj', 'j'],
    ['ç|q', 'ch'],
    ['dh|th', 'd'],
    ['nj', 'ny'],
    ['ll', 'l'],
    ['rr', 'r'],
    ['ë$', ''],
    ['ë', 'ə'],
    ['x', 'z'],
    ['c', 'ts'],
    ['j', 'y'],
    ['y', 'ü'],
  ]),
};

/** Romanian. */
export const romanian: Language = {
  rBeforeConsonant: true,
  words: {},
  read: makeReader([
    ['[șş]', 'sh'],
    ['[țţ]', 'ts'],
    ['[ăâî]', 'ə'],
    ['ch(?=[ei])', 'k'],
    ['gh(?=[ei])', 'g'],
    ['ci(?=[aou])', 'ch'],
    ['gi(?=[aou])', 'j'],
    ['c(?=[ei])', 'ch'],
    ['g(?=[ei])', 'j'],
    ['j', 'zh'],
    ['i$', ''],
  ]),
};

/**
 * Names spelled as they sound in English letters (Arabic, Persian, Greek, Central Asian,
 * West African anglophone …): sh, ch, kh, th and the vowels read plainly.
 */
export const plain: Language = {
  rBeforeConsonant: true,
  words: {},
  read: makeReader([
    ['sh', 'sh'],
    ['ch', 'ch'],
    ['kh', 'x'],
    ['gh', 'g'],
    ['th', 't'],
    ['dh', 'd'],
    ['ph', 'f'],
    ['ts|tz', 'ts'],
    ['oo|ou', 'u'],
    ['ee', 'i'],
    ['a[iy](?![aeiou])', 'ai'],
    ['e[iy](?![aeiou])', 'ei'],
    ['aw|au', 'ao'],
    ['j', 'j'],
    ['q', 'k'],
    ['c(?=[eiy])', 's'],
    ['^n(?=[^aeiouy])', 'n |'],
  ]),
};
