/**
 * Collections rules the islands need without zod (it would add ~15 KB gzip to the detail page): folder names are
 * 1–20 characters once trimmed. `collections.ts` builds its schemas on these.
 */
export const FOLDER_NAME_MAX = 20;
