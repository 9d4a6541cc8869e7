/**
 * Reading material files (docs/product/material-files.md#calls): the editor asks for an uploaded file to be read,
 * then asks how the reading went. Isomorphic: the editor island and the server share these shapes.
 */
import { z } from 'zod';

/** The readers there are; the path segment of `datapipe/parser/{parser}`. */
export const MATERIAL_FILE_PARSERS = ['u3m', 'xtex', 'color-card', 'admf'] as const;
export type MaterialFileParser = (typeof MATERIAL_FILE_PARSERS)[number];

/** Extensions each reader takes (the uploader's `accept`). */
export const PARSER_EXTENSIONS: Record<MaterialFileParser, readonly string[]> = {
  u3m: ['u3m', 'u3ma', 'zip'],
  xtex: ['xtex', 'zip'],
  'color-card': ['zip'],
  admf: ['admf'],
};

export const parserParamSchema = z.object({ parser: z.enum(MATERIAL_FILE_PARSERS, { message: 'validation.invalidValue' }) });

export const materialFileReadRequestSchema = z
  .object({
    /** The uploaded file, as the upload answered it. */
    relativePath: z.string().min(1, 'validation.required').max(512, 'validation.tooLong'),
    /** The name the file had on the supplier's computer: it names the color card it proposes. */
    fileName: z.string().trim().min(1, 'validation.required').max(255, 'validation.tooLong'),
  })
  .meta({ id: 'MaterialFileReadRequest' });
export type MaterialFileReadRequest = z.output<typeof materialFileReadRequestSchema>;

export const materialFileReadQuerySchema = z.object({ id: z.coerce.number().int().positive({ message: 'validation.invalidValue' }) });

/** The maps a material file may hold, by their U3M names. */
export const MAP_KINDS = ['basecolor', 'normal', 'roughness', 'metalness', 'alpha', 'displacement'] as const;
const mapKinds = z.array(z.enum(MAP_KINDS));

/** What a read file holds, as the editor shows it. */
export const readMaterialSchema = z.object({
  format: z.string(),
  version: z.string(),
  name: z.string(),
  physicalSize: z.object({ widthCm: z.number(), heightCm: z.number() }).nullable(),
  colors: z.array(z.object({ name: z.string(), hex: z.string() })),
  maps: z.object({ front: mapKinds, back: mapKinds }),
});

export const materialFileReadSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(['queued', 'reading', 'done', 'failed']),
    /** The file's parse code once read: 0, -1 (no color: not an error), or a failure's code. */
    code: z.number().int().nullable(),
    /** For a color-card zip whose archive itself is at fault, the zip's own code beside the file's; null otherwise. */
    zipCode: z.number().int().nullable(),
    /** The code's message in the caller's language (the zip code's first, when there is one); empty while reading and on success. */
    message: z.string(),
    fileName: z.string(),
    material: readMaterialSchema.nullable(),
  })
  .meta({ id: 'MaterialFileRead' });
export type MaterialFileRead = z.output<typeof materialFileReadSchema>;
