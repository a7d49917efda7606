import { hash32 } from '../rng.ts';

const PALETTE = [
  '#c8102e',
  '#1d428a',
  '#0a7d4f',
  '#6c1d45',
  '#f28c28',
  '#034694',
  '#ef0107',
  '#132257',
  '#7a263a',
  '#00a650',
  '#5c2d91',
  '#003090',
];

/** A stable badge colour for a team (no logos are shipped). */
export const teamColor = (key: string) => PALETTE[hash32(key) % PALETTE.length];

const SKIP =
  /^(fc|cf|ac|afc|sc|as|ssc|ss|us|ogc|rc|sv|vfl|vfb|tsg|fsv|bsc|cd|ud|rcd|sd|ca|club|de|del|la|le|1\.|real|sporting|athletic|atletico)$/i;

/** A three-letter code from a club name: "Arsenal FC" → ARS, "Real Madrid CF" → MAD. */
export function teamCode(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9. ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const main = words.find((w) => !SKIP.test(w) && /[A-Za-z]{3}/.test(w)) ?? words[0] ?? 'TBD';
  return main
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, 'X');
}
