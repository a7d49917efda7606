/** The secret with its last character changed: always a different string, whatever that character was. */
export const nearMiss = (secret: string): string =>
  `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`;
