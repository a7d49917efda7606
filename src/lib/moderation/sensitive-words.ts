/**
 * The sensitive-word list shared by live chat and the community. `refuse` words stop a message
 * (gambling, scams, drugs, off-site traffic); `mask` words are replaced by asterisks (insults).
 * Matching ignores case, spaces and common separators, so "加 微 信" is caught like "加微信".
 */
export const SENSITIVE_WORDS = {
  refuse: [
    '外围盘口',
    '私彩',
    '代开发票',
    '刷单返利',
    '加微信领',
    '裸聊',
    '冰毒',
    '枪支出售',
    '办证刻章',
    '博彩代理',
    '上分下分',
  ],
  mask: ['傻逼', '煞笔', '脑残', '狗日', '操你', '草泥马', '去死', '垃圾裁判死'],
} as const;

const SEPARATORS = /[\s·.,，。_\-*|/\\]/g;
const normalise = (s: string) => s.toLowerCase().replace(SEPARATORS, '');

export interface Screened {
  /** The text with mask words replaced by ＊ (same length). */
  text: string;
  /** The first refuse word found, or null. */
  refused: string | null;
}

/** Checks one text against the list: refuse words are reported, mask words replaced. */
export function screenText(raw: string): Screened {
  const flat = normalise(raw);
  const refused = SENSITIVE_WORDS.refuse.find((w) => flat.includes(normalise(w))) ?? null;
  let text = raw;
  for (const w of SENSITIVE_WORDS.mask) text = text.split(w).join('＊'.repeat([...w].length));
  return { text, refused };
}
