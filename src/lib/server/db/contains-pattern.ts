/** An ILIKE pattern matching text that contains `words` as typed: `%`, `_` and `\` in them match only themselves. */
export const containsPattern = (words: string): string => `%${words.replace(/[\\%_]/g, '\\$&')}%`;
