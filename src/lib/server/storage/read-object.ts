import { getStorage } from './get-storage';

/**
 * A whole stored object in memory, or null when there is none. Only for objects small enough to hold whole
 * (pictures, maps, import sheets, all bounded by their upload limits); large files are read by ranges.
 */
export async function readObject(key: string): Promise<Buffer | null> {
  const stream = await getStorage().getStream(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A whole object a database row names: its absence is a fault (the object is written before the row), not a case to handle. */
export async function requireObject(key: string): Promise<Buffer> {
  const bytes = await readObject(key);
  if (!bytes) throw new Error(`object ${key} is missing`);
  return bytes;
}
