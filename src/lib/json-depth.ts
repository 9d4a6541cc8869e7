/** Deeper than any contract goes (a few levels); deep enough that no real body comes near it. */
export const JSON_MAX_DEPTH = 32;

/**
 * Whether a JSON text opens more than `max` arrays or objects inside one another. Brackets inside strings do not
 * count, and a backslash escapes the byte after it, so `"\""` does not end its string. The scan reads UTF-8 bytes:
 * every byte of a multi-byte character is 0x80 or above, so none is mistaken for a quote or a bracket. Malformed
 * text is left to JSON.parse to refuse; this only has to be linear and stop early. It runs before `JSON.parse`, which
 * spends about a second on a megabyte of `[` before any schema sees the result: on request bodies
 * (`server/http/body-guard.ts`) and on material-file descriptions.
 */
export function exceedsJsonDepth(body: Uint8Array | string, max: number): boolean {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i += 1;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (b === 0x5d || b === 0x7d) depth -= 1;
  }
  return false;
}
