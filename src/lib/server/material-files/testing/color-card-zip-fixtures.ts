/**
 * Color-card zips for tests: an XML index and the U3M and xTex files it lists, each color a package of its own inside
 * the zip. Test code only.
 */
import { makeZip, type TestEntry } from './make-zip';
import { u3mPackage } from './u3m-fixtures';
import { xtexPackage } from './xtex-fixtures';

export interface IndexedColor {
  name: string;
  file: string;
  hex?: string;
}

/** The three colors of the default zip: two U3M packages (one in a folder) and an xTex. */
export const THREE_COLORS: IndexedColor[] = [
  { name: 'Navy', file: 'navy.u3ma' },
  { name: 'Sand', file: 'colors/sand.u3ma' },
  { name: 'Olive green, a name longer than a card holds', file: 'olive.xtex' },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function colorCardIndex(colors: IndexedColor[], options: { version?: string; name?: string } = {}): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<colorcards version="${options.version ?? '1.0'}" name="${escape(options.name ?? 'Summer twill')}">`,
    ...colors.map((c) => `  <color name="${escape(c.name)}" file="${escape(c.file)}"${c.hex ? ` hex="${c.hex}"` : ''}/>`),
    '</colorcards>',
  ].join('\n');
}

/** The packages of the three default colors, by file name. */
export async function colorFiles(): Promise<TestEntry[]> {
  return [
    { name: 'navy.u3ma', data: await u3mPackage({ hex: '#1f3a93', name: 'Navy twill' }), method: 0 },
    { name: 'colors/sand.u3ma', data: await u3mPackage({ hex: '#c2b280', maps: ['basecolor', 'normal'] }) },
    { name: 'olive.xtex', data: await xtexPackage({ hex: '#708238' }), method: 0 },
  ];
}

/**
 * A color-card zip: `index` (the three colors' unless told; null for none) as `indexName`, and `files` (the three
 * colors' packages unless told), leaving out the file named `leaveOut`.
 */
export async function colorCardZip(options: { index?: string | null; indexName?: string; files?: TestEntry[]; leaveOut?: string } = {}): Promise<Buffer> {
  const index = options.index === undefined ? colorCardIndex(THREE_COLORS) : options.index;
  const files = (options.files ?? (await colorFiles())).filter((f) => f.name !== options.leaveOut);
  return makeZip([...(index === null ? [] : [{ name: options.indexName ?? 'index.xml', data: index }]), ...files]);
}
