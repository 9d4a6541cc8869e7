/**
 * Translation helpers safe for islands: no i18next, no locale files, so an island ships only the message slice
 * it is given as a prop.
 */

export type Dict = { [key: string]: string | Dict };

/** A small translator over a plain dictionary, for islands: dotted keys, {{var}} interpolation, key fallback. */
export function createClientT(messages: Dict) {
  const lookup = (key: string): string | undefined => {
    let node: string | Dict | undefined = messages;
    for (const part of key.split('.')) {
      // Own keys only: `errors.constructor` names no message, whatever Object.prototype holds.
      node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
      if (node === undefined) break;
    }
    return typeof node === 'string' ? node : undefined;
  };
  return (key: string, vars?: Record<string, string | number>): string => {
    // English has a singular form (`<key>_one`) where a count of one reads differently, as i18next does on the server.
    const found = (vars?.count === 1 ? lookup(`${key}_one`) : undefined) ?? lookup(key);
    const template = found ?? (vars?.defaultValue as string | undefined) ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));
  };
}
export type ClientT = ReturnType<typeof createClientT>;

/** The message for a server error code: the translated table entry, else the server's own message (docs/product/errors.md). */
export function errorMessage(t: (key: string, options: { defaultValue: string }) => string, code: number | string, serverMessage?: string): string {
  const key = `errors.${code}`;
  const translated = t(key, { defaultValue: '' });
  if (translated && translated !== key) return translated;
  return serverMessage || t('errors.500', { defaultValue: 'Server error' });
}
