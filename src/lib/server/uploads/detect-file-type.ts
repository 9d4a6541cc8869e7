import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';

/** How much of the file's start `file-type` reads to recognise a format. */
export const SIGNATURE_BYTES = 4100;

/**
 * What `file-type` names the file's `start` as: undefined when it knows no format there, null when the bytes begin
 * a format but are too broken to name (it inflates an office file's first entry, and throws on a broken stream).
 */
export async function detectFileType(start: Uint8Array): Promise<FileTypeResult | undefined | null> {
  return fileTypeFromBuffer(start.subarray(0, SIGNATURE_BYTES)).catch(() => null);
}
