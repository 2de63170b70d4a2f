/** A LIKE pattern matching values that start with `text`, its own `%`, `_` and `\` taken literally. */
export function likePrefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
