/** 北京单场 and 足彩 issue numbers (期号) are 5 or 6 digits; anything else is ignored with a notice. */
export function pickIssue(raw: string | null): { issue: string | undefined; invalid: boolean } {
  if (raw === null || raw === '') return { issue: undefined, invalid: false };
  return /^\d{5,6}$/.test(raw) ? { issue: raw, invalid: false } : { issue: undefined, invalid: true };
}
