/**
 * Why a bulk import's sheet is refused whole, in words the reader (which runs in a worker thread, without a language)
 * can post back; read-import-sheet.ts turns it into the caller's message.
 */
export type ImportSheetRefusalReason =
  | 'type'
  | 'empty'
  | 'unreadable'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'cellTooLong'
  | 'inflatesTooMuch'
  | 'unexpectedPart'
  | 'tooCostly';

export class ImportSheetRefusal extends Error {
  constructor(
    readonly reason: ImportSheetRefusalReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`import sheet refused: ${reason}`);
    this.name = 'ImportSheetRefusal';
  }
}
