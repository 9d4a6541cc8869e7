/**
 * The Adobe Swatch Exchange layout, as design tools write it: `ASEF`, version 1.0, a block count, then blocks of a
 * type (group start, group end, color), a byte length and a body. All numbers are big-endian; names are UTF-16
 * with their length in code units, the closing NUL counted.
 */
export const ASE_SIGNATURE = 'ASEF';
export const ASE_BLOCK = { color: 0x0001, groupStart: 0xc001, groupEnd: 0xc002 } as const;
/** Global, spot, or normal (process) colors. */
export const ASE_COLOR_TYPE = { global: 0, spot: 1, normal: 2 } as const;

/** A named color as swatch files carry it: sRGB hex. */
export interface Swatch {
  name: string;
  hex: string;
}
