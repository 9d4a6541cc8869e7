import { createHash } from 'node:crypto';
import { fileKeyPlan } from '../../upload/file-key';
import type { ObjectStorage } from '../storage';

/** The MD5 half of a stored object's file key (docs/product/storage.md#the-file-key), read by ranges: at most 3 MiB. */
export async function computeFileKeyMd5(storage: ObjectStorage, key: string, size: number): Promise<string> {
  const plan = fileKeyPlan(size);
  const md5 = createHash('md5').update(plan.prefix, 'utf8');
  for (const [start, end] of plan.ranges) md5.update(await storage.getRange(key, start, end));
  return md5.digest('hex');
}
