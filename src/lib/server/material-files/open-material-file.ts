import type { MaterialFileParser } from '../../contracts/material-files';
import type { RangeSource } from './open-archive';
import { readAdmf } from './read-admf';
import { readColorCardZip } from './read-color-card-zip';
import { readU3m, type OpenedMaterialFile } from './read-u3m';
import { readXtex } from './read-xtex';

const READERS: Record<MaterialFileParser, (source: RangeSource, fileName: string) => Promise<OpenedMaterialFile>> = {
  u3m: readU3m,
  xtex: readXtex,
  'color-card': readColorCardZip,
  admf: readAdmf,
};

/**
 * Reads `source` with the reader the supplier chose (docs/product/material-files.md#formats); the file is not sniffed
 * for another format, so a reading answers for the reader that was asked. Throws `MaterialFileError`.
 */
export async function openMaterialFile(parser: MaterialFileParser, source: RangeSource, fileName: string): Promise<OpenedMaterialFile> {
  if (!Object.hasOwn(READERS, parser)) throw new Error(`no reader ${parser}`);
  return await READERS[parser](source, fileName);
}
