/** Text made safe inside a double-quoted HTML attribute, for markup written as a string rather than by a renderer. */
export const escapeAttribute = (value: string): string => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
