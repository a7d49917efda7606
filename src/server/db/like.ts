/** An ILIKE pattern matching `word` anywhere: `%` and `_` typed by a user are literal, not wildcards. */
export const likeArg = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
