/**
 * Freezes a tree of plain objects and arrays in place. Shared read-only data is frozen so that a slip that would
 * change it for every later request throws instead, and so that the island renderer may keep the serialized text of
 * a frozen tree (scripts/vite/render-patches.mjs).
 */
export function deepFreeze<T>(value: T): Readonly<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
