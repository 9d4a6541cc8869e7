/**
 * The U3M material description (schema 1.0) the exporter writes for a material (docs/product/material-files.md#export).
 * We write 1.0 because nothing we hold needs a later version, and 1.0 is what every U3M reader opens. The shape is the
 * one `u3m-schema/u3m_1.0_schema.json` describes: both sides carry every property of a "visualisation", each as a
 * constant plus an optional texture, so a reader never has to guess a value we left out.
 */
import { MAP_KINDS, type MapKind, type MaterialMap, type MaterialSide, type ParsedMaterialFile, type Rgb } from './material-file';

export type U3mRepeatMode = MaterialMap['repeat'];
export type U3mBlendMode = 'add' | 'subtract' | 'multiply' | 'divide' | 'max' | 'min' | 'overlay';

export interface U3mImage {
  /** Relative to the description, with `/` between folders. */
  path: string;
  /** One tile's physical size, in centimetres as the product keeps it. */
  width: number;
  height: number;
  dpi: number;
  repeat: { mode: U3mRepeatMode; rotation: number };
}

export interface U3mNumber {
  constant: number;
  texture: { factor: number; offset: number; image: U3mImage } | null;
}

export interface U3mColor {
  constant: Rgb;
  texture: { mode: U3mBlendMode; factor: Rgb; image: U3mImage } | null;
}

/** The scalar properties of a side, in the order the 1.0 schema lists them. */
export const U3M_NUMBER_PROPERTIES = [
  'alpha',
  'anisotropy_value',
  'anisotropy_rotation',
  'clearcoat_value',
  'clearcoat_normal',
  'clearcoat_roughness',
  'ior',
  'metalness',
  'normal',
  'displacement',
  'roughness',
  'sheen_value',
  'sheen_tint',
  'specular_value',
  'specular_tint',
  'subsurface_radius',
  'subsurface_value',
  'transmission',
] as const;
export type U3mNumberProperty = (typeof U3M_NUMBER_PROPERTIES)[number];

export type U3mSide = Record<U3mNumberProperty, U3mNumber> & { basecolor: U3mColor; subsurface_color: U3mColor; shader: 'principled' };

export interface U3mDocument {
  schema: '1.0';
  material: {
    /** A UUID, with or without braces. */
    id: string;
    name: string;
    description: string;
    /** ISO 8601 with an explicit offset. */
    created: string;
    modified: string;
    front: U3mSide;
    back: U3mSide | null;
  };
  custom: null;
}

export interface U3mDocumentOptions {
  id: string;
  created: Date;
  modified: Date;
  /** Where each side's maps are written, relative to the description; every map the side has needs one. */
  mapPaths: { front: Partial<Record<MapKind, string>>; back: Partial<Record<MapKind, string>> };
}

/**
 * What a side says where we hold nothing: the defaults `u3m-schema/u3m_1.1_schema.json` declares, so any reader sees
 * the same material whether it reads our value or would have assumed its own. Roughness 0.7 and ior 1.4 describe a
 * matte dielectric, which is what a textile or leather without measurements is closest to.
 */
const NEUTRAL: Record<U3mNumberProperty, number> = {
  alpha: 1,
  anisotropy_value: 0,
  anisotropy_rotation: 0,
  clearcoat_value: 0,
  clearcoat_normal: 0,
  clearcoat_roughness: 0,
  ior: 1.4,
  metalness: 0,
  normal: 0,
  displacement: 0,
  roughness: 0.7,
  sheen_value: 0,
  sheen_tint: 0,
  specular_value: 0.5,
  specular_tint: 0,
  subsurface_radius: 0,
  subsurface_value: 0,
  transmission: 0,
};
const WHITE: Rgb = { r: 1, g: 1, b: 1 };

const UUID = /^\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?$/;
/** Names Windows reserves for devices, whatever follows the first dot. */
const RESERVED_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9]|clock\$)(\..*)?$/i;
/** A path segment every file system and every U3M reader takes: portable characters, not hidden, not ending in a dot. */
const PORTABLE_SEGMENT = /^[0-9A-Za-z_-]([0-9A-Za-z._-]{0,253}[0-9A-Za-z_-])?$/;

/** Whether a file or folder name is one Windows keeps for a device (`con`, `nul.txt` …). */
export const isReservedName = (name: string): boolean => RESERVED_NAME.test(name);

/** Whether `path` is a relative file path made of portable segments, none of them a device name. */
export function isPortableU3mPath(path: string): boolean {
  const segments = path.split('/');
  return segments.every((segment) => PORTABLE_SEGMENT.test(segment) && !RESERVED_NAME.test(segment));
}

function finite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new Error(`U3M ${what} is not a finite number: ${value}`);
  return value;
}

function size(value: number, what: string): number {
  if (finite(value, what) < 0) throw new Error(`U3M ${what} is negative: ${value}`);
  return value;
}

/** Fractions (alpha, metalness, roughness, color channels) outside 0–1 are rounding or a careless file, not meaning. */
function fraction(value: number, what: string): number {
  return Math.min(1, Math.max(0, finite(value, what)));
}

function color(value: Rgb, what: string): Rgb {
  return { r: fraction(value.r, `${what}.r`), g: fraction(value.g, `${what}.g`), b: fraction(value.b, `${what}.b`) };
}

/** ISO 8601 in UTC, whole seconds, offset as `+00:00`: the form U3M files are usually written in, so a strict reader meets no `Z` or milliseconds. */
function timestamp(date: Date, what: string): string {
  if (Number.isNaN(date.getTime())) throw new Error(`U3M ${what} is not a valid date`);
  const text = date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/.test(text)) throw new Error(`U3M ${what} is outside years 0–9999: ${date.toISOString()}`);
  return text;
}

function image(map: MaterialMap, path: string | undefined, what: string): U3mImage {
  if (path === undefined) throw new Error(`U3M ${what} has a map but no path to write it at`);
  if (!isPortableU3mPath(path)) throw new Error(`U3M ${what} path is not portable: ${path}`);
  return {
    path,
    width: size(map.widthCm, `${what} width`),
    height: size(map.heightCm, `${what} height`),
    dpi: size(map.dpi, `${what} dpi`),
    repeat: { mode: map.repeat, rotation: finite(map.rotation, `${what} rotation`) },
  };
}

function scalarConstant(side: MaterialSide, property: U3mNumberProperty, what: string): number {
  if (property === 'alpha' && side.alpha !== null) return fraction(side.alpha, what);
  if (property === 'metalness' && side.metalness !== null) return fraction(side.metalness, what);
  if (property === 'roughness' && side.roughness !== null) return fraction(side.roughness, what);
  return NEUTRAL[property];
}

const isMapKind = (property: string): property is MapKind => (MAP_KINDS as readonly string[]).includes(property);

function visualisation(side: MaterialSide, paths: Partial<Record<MapKind, string>>, sideName: 'front' | 'back'): U3mSide {
  const numbers = {} as Record<U3mNumberProperty, U3mNumber>;
  for (const property of U3M_NUMBER_PROPERTIES) {
    const what = `${sideName} ${property}`;
    const kind = isMapKind(property) ? property : null;
    const map = kind && side.maps[kind];
    numbers[property] = {
      constant: scalarConstant(side, property, what),
      texture: kind && map ? { factor: finite(map.factor, `${what} factor`), offset: finite(map.offset, `${what} offset`), image: image(map, paths[kind], what) } : null,
    };
  }
  const basecolorMap = side.maps.basecolor;
  const basecolor: U3mColor = basecolorMap
    ? // The map alone is the color the product shows; multiplying it by anything but white would tint it.
      { constant: WHITE, texture: { mode: 'multiply', factor: WHITE, image: image(basecolorMap, paths.basecolor, `${sideName} basecolor`) } }
    : { constant: side.basecolor ? color(side.basecolor, `${sideName} basecolor`) : WHITE, texture: null };
  return { ...numbers, basecolor, subsurface_color: { constant: WHITE, texture: null }, shader: 'principled' };
}

/** The description of `material`; throws on a value the format cannot carry (a NaN, a negative size, a bad id or date). */
export function buildU3mDocument(material: ParsedMaterialFile, options: U3mDocumentOptions): U3mDocument {
  if (!UUID.test(options.id)) throw new Error(`U3M id is not a UUID: ${options.id}`);
  return {
    schema: '1.0',
    material: {
      id: options.id,
      name: material.name.trim() || 'material',
      description: material.description,
      created: timestamp(options.created, 'created'),
      modified: timestamp(options.modified, 'modified'),
      front: visualisation(material.front, options.mapPaths.front, 'front'),
      back: material.back ? visualisation(material.back, options.mapPaths.back, 'back') : null,
    },
    custom: null,
  };
}
