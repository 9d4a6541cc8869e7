/**
 * What the material-file fuzz tests share: a reader's answer used as the job uses it (every map it keeps read back
 * and checked as the job stores it), and what counts as a refusal. Test code only.
 */
import type { MapKind } from '../material-file';
import { FILE_CODES, MaterialFileError } from '../parse-codes';
import { checkMap } from '../read-shared';
import type { OpenedMaterialFile } from '../read-u3m';

/** A refusal of the reader's own: a `MaterialFileError`, but never the internal error that stands for a crash. */
export const isMaterialRefusal = (err: unknown) => err instanceof MaterialFileError && err.code !== FILE_CODES.internalError && err.zipCode !== -100;

/** Reads back and checks every map the file keeps, as the reading job does before it stores them. */
export async function useOpened(opened: OpenedMaterialFile): Promise<void> {
  for (const side of ['front', 'back'] as const) {
    for (const kind of Object.keys(opened.material[side]?.maps ?? {}) as MapKind[]) await checkMap(await opened.readMap(side, kind), `${side} ${kind} map`);
  }
}
