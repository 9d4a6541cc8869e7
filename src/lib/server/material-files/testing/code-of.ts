import { expect } from 'vitest';
import { MaterialFileError } from '../parse-codes';

/** Expects `work` to reject with a MaterialFileError and answers its code. Test code only. */
export async function codeOf(work: Promise<unknown>): Promise<number> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MaterialFileError);
  return (err as MaterialFileError).code;
}
