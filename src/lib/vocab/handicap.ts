/**
 * Asian handicap display (spec §3: quarter-ball steps 0 to 14). A line is in goals from the home
 * side's view: positive when home gives goals (主让), negative when home receives them, which
 * is shown with 受让 (the away side gives).
 */
export const HANDICAP_STEPS = [
  '平手',
  '平/半',
  '半球',
  '半/一',
  '一球',
  '一/球半',
  '球半',
  '球半/两',
  '两球',
  '两/两球半',
  '两球半',
  '两球半/三',
  '三球',
  '三/三球半',
  '三球半',
] as const;

/** Quarter-ball steps of a line: 0.75 → 3. */
export const handicapSteps = (line: number) => Math.round(Math.abs(line) * 4);

export function handicapName(line: number): string {
  const steps = handicapSteps(line);
  const name = HANDICAP_STEPS[steps] ?? `${Math.abs(line)}球`;
  return line < 0 && steps > 0 ? `受让${name}` : name;
}

/**
 * A side's own handicap, for a pick on that side: gives 0.5 → "让半球", receives 0.5 → "受让半球",
 * 0 → "平手". `gives` is from the picked side's view (an away pick negates the stored home line).
 */
export function sideHandicapName(gives: number): string {
  const steps = handicapSteps(gives);
  if (steps === 0) return HANDICAP_STEPS[0];
  const name = HANDICAP_STEPS[steps] ?? `${Math.abs(gives)}球`;
  return `${gives > 0 ? '让' : '受让'}${name}`;
}

/** Over/under line as shown: 2.5 → "2.5", 2.75 → "2.5/3", 3 → "3". */
export function totalLineName(line: number): string {
  const q = Math.round(line * 4);
  if (q % 2 === 0) return String(q / 4);
  return `${(q - 1) / 4}/${(q + 1) / 4}`;
}

/** Basketball handicap as shown beside the home team: home gives 5.5 → "-5.5", receives → "+5.5". */
export function pointsLineName(line: number): string {
  if (line === 0) return '0';
  return line > 0 ? `-${line}` : `+${-line}`;
}
