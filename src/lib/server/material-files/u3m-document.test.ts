/**
 * The description the exporter writes is one the U3M 1.0 schema accepts, whatever the material holds, and says what
 * the material says: its maps where it has them, its constants where it has none.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { MAP_KINDS, type MapKind, type MaterialMap, type MaterialSide, type ParsedMaterialFile } from './material-file';
import { buildU3mDocument, isPortableU3mPath, U3M_NUMBER_PROPERTIES, type U3mDocument, type U3mDocumentOptions } from './u3m-document';

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;
const ajv = new Ajv({ allErrors: true });
// The schema asks for "date-time"; ajv knows no formats of its own, and this is the one it needs.
ajv.addFormat('date-time', (text: string) => DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)));
const validate = ajv.compile(JSON.parse(readFileSync(new URL('./u3m-schema/u3m_1.0_schema.json', import.meta.url), 'utf8')));
const errorsOf = (document: unknown) => (validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

const mapOf = (kind: MapKind, overrides: Partial<MaterialMap> = {}): MaterialMap => ({
  path: `scan/${kind}.png`,
  widthCm: 12.5,
  heightCm: 10,
  dpi: 300,
  rotation: 90,
  repeat: 'mirror_x',
  factor: kind === 'displacement' ? 0.2 : 1,
  offset: kind === 'roughness' ? 0.1 : 0,
  ...overrides,
});
const allMaps = (): MaterialSide['maps'] => Object.fromEntries(MAP_KINDS.map((kind) => [kind, mapOf(kind)]));
const constants = (): MaterialSide => ({ maps: {}, basecolor: { r: 0.2, g: 0.3, b: 0.4 }, roughness: 0.8, metalness: 0.1, alpha: 0.9 });

const materialOf = (overrides: Partial<ParsedMaterialFile> = {}): ParsedMaterialFile => ({
  format: 'u3m',
  version: '1.0',
  name: 'Nappa Black',
  description: 'Full-grain cow nappa',
  front: { maps: allMaps(), basecolor: { r: 0.1, g: 0.1, b: 0.1 }, roughness: null, metalness: null, alpha: null },
  back: constants(),
  physicalSize: { widthCm: 12.5, heightCm: 10 },
  colors: [],
  ...overrides,
});
const frontPaths = Object.fromEntries(MAP_KINDS.map((kind) => [kind, `textures/front_${kind}.png`]));
const optionsOf = (overrides: Partial<U3mDocumentOptions> = {}): U3mDocumentOptions => ({
  id: randomUUID(),
  created: new Date('2024-03-05T13:37:42.123Z'),
  modified: new Date('2024-06-01T08:00:00Z'),
  mapPaths: { front: frontPaths, back: {} },
  ...overrides,
});

describe('buildU3mDocument (docs/product/material-files.md#export)', () => {
  it('writes every map of the front and the constants of the back, and the schema accepts it', () => {
    const options = optionsOf();
    const document = buildU3mDocument(materialOf(), options);
    expect(errorsOf(document)).toEqual([]);

    const { material } = document;
    expect(document.schema).toBe('1.0');
    expect(document.custom).toBeNull();
    expect(material).toMatchObject({ id: options.id, name: 'Nappa Black', description: 'Full-grain cow nappa' });
    expect(material.created).toBe('2024-03-05T13:37:42+00:00');
    expect(material.modified).toBe('2024-06-01T08:00:00+00:00');

    for (const kind of MAP_KINDS) {
      const texture = material.front[kind].texture;
      expect(texture?.image).toEqual({ path: `textures/front_${kind}.png`, width: 12.5, height: 10, dpi: 300, repeat: { mode: 'mirror_x', rotation: 90 } });
    }
    expect(material.front.roughness.texture).toMatchObject({ factor: 1, offset: 0.1 });
    expect(material.front.displacement.texture).toMatchObject({ factor: 0.2, offset: 0 });
    // Multiplied by white, the map is the color; the side's constant is for when there is no map.
    expect(material.front.basecolor).toMatchObject({ constant: { r: 1, g: 1, b: 1 }, texture: { mode: 'multiply', factor: { r: 1, g: 1, b: 1 } } });
    expect(material.front.ior).toEqual({ constant: 1.4, texture: null });

    const back = material.back!;
    expect(U3M_NUMBER_PROPERTIES.filter((property) => back[property].texture !== null)).toEqual([]);
    expect(back.basecolor).toEqual({ constant: { r: 0.2, g: 0.3, b: 0.4 }, texture: null });
    expect([back.roughness.constant, back.metalness.constant, back.alpha.constant]).toEqual([0.8, 0.1, 0.9]);
  });

  it('writes a material with no map at all, with neutral constants', () => {
    const side: MaterialSide = { maps: {}, basecolor: null, roughness: null, metalness: null, alpha: null };
    const document = buildU3mDocument(materialOf({ front: side, back: side, physicalSize: null }), optionsOf({ mapPaths: { front: {}, back: {} } }));
    expect(errorsOf(document)).toEqual([]);
    expect(document.material.front.basecolor).toEqual({ constant: { r: 1, g: 1, b: 1 }, texture: null });
    expect([document.material.front.alpha.constant, document.material.front.roughness.constant, document.material.front.metalness.constant]).toEqual([1, 0.7, 0]);
    expect(U3M_NUMBER_PROPERTIES.filter((property) => document.material.front[property].texture !== null)).toEqual([]);
  });

  it('writes a single-sided material with back null', () => {
    const document = buildU3mDocument(materialOf({ back: null }), optionsOf());
    expect(document.material.back).toBeNull();
    expect(errorsOf(document)).toEqual([]);
  });

  it('is checked by a live validator: documents broken after building fail', () => {
    const broken: ((document: U3mDocument) => void)[] = [
      (d) => Object.assign(d.material.front, { sheen: { constant: 0, texture: null } }),
      (d) => (d.material.back!.basecolor.constant.g = 1.5),
      (d) => delete (d.material.front as Partial<typeof d.material.front>).transmission,
      (d) => (d.material.created = '5 March 2024'),
      (d) => (d.material.id = 'not-a-uuid'),
      (d) => (d.material.name = ''),
    ];
    for (const breakIt of broken) {
      const document = buildU3mDocument(materialOf(), optionsOf());
      breakIt(document);
      expect(errorsOf(document)).not.toEqual([]);
    }
  });

  it('clamps colors and fractions into 0–1 and falls back to a name', () => {
    const back: MaterialSide = { maps: {}, basecolor: { r: 1.2, g: -0.1, b: 0.5 }, roughness: 3, metalness: -1, alpha: 1.01 };
    const document = buildU3mDocument(materialOf({ name: '  ', back }), optionsOf());
    expect(errorsOf(document)).toEqual([]);
    expect(document.material.name).toBe('material');
    expect(document.material.back!.basecolor.constant).toEqual({ r: 1, g: 0, b: 0.5 });
    expect([document.material.back!.roughness.constant, document.material.back!.metalness.constant, document.material.back!.alpha.constant]).toEqual([1, 0, 1]);
  });

  it('refuses what the format cannot carry', () => {
    const nanColor = materialOf({ back: { ...constants(), basecolor: { r: Number.NaN, g: 0, b: 0 } } });
    expect(() => buildU3mDocument(nanColor, optionsOf())).toThrow(/basecolor\.r/);
    const nanRoughness = materialOf({ back: { ...constants(), roughness: Number.NaN } });
    expect(() => buildU3mDocument(nanRoughness, optionsOf())).toThrow(/roughness/);
    const infiniteWidth = materialOf({ front: { ...constants(), maps: { normal: mapOf('normal', { widthCm: Number.POSITIVE_INFINITY }) } } });
    expect(() => buildU3mDocument(infiniteWidth, optionsOf())).toThrow(/width/);
    const negativeDpi = materialOf({ front: { ...constants(), maps: { alpha: mapOf('alpha', { dpi: -1 }) } } });
    expect(() => buildU3mDocument(negativeDpi, optionsOf())).toThrow(/dpi/);
    expect(() => buildU3mDocument(materialOf(), optionsOf({ mapPaths: { front: {}, back: {} } }))).toThrow(/no path/);
    expect(() => buildU3mDocument(materialOf(), optionsOf({ mapPaths: { front: { ...frontPaths, normal: '../normal.png' }, back: {} } }))).toThrow(/not portable/);
    expect(() => buildU3mDocument(materialOf(), optionsOf({ id: 'material-1' }))).toThrow(/UUID/);
    expect(() => buildU3mDocument(materialOf(), optionsOf({ created: new Date('nonsense') }))).toThrow(/created/);
  });

  it('accepts only portable relative paths', () => {
    expect(['textures/front_basecolor.png', 'a.u3m', 'x/y/z-1_2.jpg'].filter((path) => !isPortableU3mPath(path))).toEqual([]);
    expect(['', '/abs.png', '../up.png', 'a/./b.png', '.hidden.png', 'trailing.', 'a//b.png', 'sp ace.png', 'café.png', 'con.png', 'textures/LPT1', 'a\\b.png'].filter(isPortableU3mPath)).toEqual([]);
  });
});
