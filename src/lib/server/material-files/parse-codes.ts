/**
 * What reading a material file answers (docs/product/material-files.md#parse-codes): one code for the file, and for
 * a color-card zip one more for the archive around it. The numbers are the ones the 3D-file tools of this trade use,
 * so a supplier who met them there reads the same here.
 */
export const FILE_CODES = {
  ok: 0,
  noDiffuseColor: -1,
  sizeError: -2,
  formatError: -3,
  readFailed: -4,
  parameterError: -5,
  noResource: -6,
  wrongVersion: -7,
  badHead: -8,
  decodeError: -9,
  internalError: -100,
  colorAdjustDeclined: -1000,
} as const;
export type FileCode = (typeof FILE_CODES)[keyof typeof FILE_CODES];

export const ZIP_CODES = {
  ok: 0,
  xmlMissing: -1,
  xmlFormatError: -2,
  entryFileMissing: -3,
  u3mFormatError: -4,
  parameterError: -5,
  xtexXmlFormatError: -6,
  internalError: -100,
} as const;
export type ZipCode = (typeof ZIP_CODES)[keyof typeof ZIP_CODES];

/**
 * A file that cannot be read as a material. `code` is the file's code; `zipCode` is set when the failure is the
 * color-card zip's own. `detail` is for the log and for developers, in English; users read the code's message.
 */
export class MaterialFileError extends Error {
  constructor(
    readonly code: FileCode,
    readonly detail: string,
    readonly zipCode?: ZipCode,
  ) {
    super(`material file ${code}${zipCode === undefined ? '' : ` (zip ${zipCode})`}: ${detail}`);
    this.name = 'MaterialFileError';
  }
}
