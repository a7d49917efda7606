/** Masked personal data, as the personal centre shows it. */

/** 13800000001 → 138****0001 */
export const maskMobile = (mobile: string) =>
  mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';

/** 张三 → 张*, 欧阳娜娜 → 欧***: the first character only. */
export const maskName = (name: string) => {
  const chars = [...name];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
};

/** 110101199003074578 → 1101**********4578 */
export const maskIdCard = (id: string) => `${id.slice(0, 4)}${'*'.repeat(10)}${id.slice(-4)}`;
