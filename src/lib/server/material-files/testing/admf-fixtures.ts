/**
 * ADMF files for tests: the binary description block (header and JSON payload, each part of which a test can spoil)
 * and the zip holding it with its maps. Written here independently of the reader, from the layout in
 * docs/product/material-files.md#admf. Test code only.
 */
import { crc32 } from 'node:zlib';
import type { MapKind } from '../material-file';
import { makeZip, type TestEntry } from './make-zip';
import { solidPng } from './u3m-fixtures';

export interface BlockOptions {
  magic?: string;
  major?: number;
  minor?: number;
  /** The payload length the header claims, when it should not be the truth. */
  length?: number;
  /** The CRC the header claims, when it should not be the truth. */
  crc?: number;
}

/** The description block: 16-byte header, then `payload` (an object is written as JSON). */
export function admfBlock(payload: unknown, options: BlockOptions = {}): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload), 'utf8');
  const header = Buffer.alloc(16);
  header.write(options.magic ?? 'ADMF', 0, 4, 'latin1');
  header.writeUInt16LE(options.major ?? 1, 4);
  header.writeUInt16LE(options.minor ?? 9, 6);
  header.writeUInt32LE(options.length ?? body.length, 8);
  header.writeUInt32LE(options.crc ?? crc32(body), 12);
  return Buffer.concat([header, body]);
}

const FRONT_MAPS: MapKind[] = ['basecolor', 'normal', 'roughness'];

/** A payload with two color blocks (one by hex, one by its own base color map), front maps and a back of constants. */
export function admfPayload() {
  return {
    name: 'Mesh ADMF',
    description: 'made by the tests',
    size: { widthMm: 200, heightMm: 150 },
    colors: [
      { name: 'Navy', diffuse: '#1F3A93' },
      { name: 'Sand, a colorway whose name runs past the card', basecolorMap: 'colors/sand.png' },
    ],
    front: { maps: Object.fromEntries(FRONT_MAPS.map((kind) => [kind, `maps/${kind}.png`])), metalness: 0 },
    back: { maps: {}, roughness: 0.9, alpha: 1 },
  };
}

/** The ADMF zip: `block` (the default payload's unless told) as `material.admfd`, and the pictures the default payload names. */
export async function admfPackage(options: { block?: Buffer; leaveOut?: string; extra?: TestEntry[] } = {}): Promise<Buffer> {
  const pictures: TestEntry[] = [
    ...(await Promise.all(FRONT_MAPS.map(async (kind) => ({ name: `maps/${kind}.png`, data: await solidPng(kind === 'basecolor' ? '#1f3a93' : '#808080'), method: 0 as const })))),
    { name: 'colors/sand.png', data: await solidPng('#c2b280'), method: 0 },
  ];
  const entries: TestEntry[] = [{ name: 'material.admfd', data: options.block ?? admfBlock(admfPayload()) }, ...pictures.filter((p) => p.name !== options.leaveOut)];
  return makeZip([...entries, ...(options.extra ?? [])]);
}
