/**
 * xTex files for tests, made here rather than kept as binaries: the XML description with every map the product reads
 * (and one it does not), and the zip holding it. Test code only.
 */
import { MAP_KINDS, type MapKind } from '../material-file';
import { makeZip, type TestEntry } from './make-zip';
import { solidPng } from './u3m-fixtures';

/** The `type` each map is written under: the names xTex exporters use, not the product's. */
const TYPE_OF: Record<MapKind, string> = { basecolor: 'diffuse', normal: 'normal', roughness: 'roughness', metalness: 'metallic', alpha: 'opacity', displacement: 'displacement' };

export interface XtexOptions {
  version?: string;
  /** The maps the description names (all of them unless told). */
  maps?: readonly MapKind[];
  /** A constant diffuse color (sRGB hex), or none. */
  diffuse?: string | null;
  name?: string;
  /** Tile size in millimetres; null leaves the `<size>` out. */
  sizeMm?: { width: number; height: number } | null;
  /** Written before the root element (a DOCTYPE, say). */
  prolog?: string;
}

export function xtexDescription(options: XtexOptions = {}): string {
  const maps = options.maps ?? MAP_KINDS;
  const size = options.sizeMm === undefined ? { width: 125, height: 100 } : options.sizeMm;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    options.prolog ?? '',
    `<xtex version="${options.version ?? '1.0'}">`,
    `  <name>${options.name ?? 'Twill &amp; xTex'}</name>`,
    '  <description><![CDATA[made by the tests]]></description>',
    size ? `  <size width="${size.width}" height="${size.height}" unit="mm"/>` : '',
    options.diffuse ? `  <diffuseColor>${options.diffuse}</diffuseColor>` : '',
    '  <maps>',
    ...maps.map((kind) => `    <map type="${TYPE_OF[kind]}" path="textures/${kind}.png"/>`),
    // A map the product does not keep: left unread, and not missing either.
    '    <map type="sheen" path="textures/not-there.png"/>',
    '  </maps>',
    '</xtex>',
  ].join('\n');
}

/** An xTex zip: the description under `folder` and a solid PNG per map it names (the diffuse one `hex`). */
export async function xtexPackage(options: XtexOptions & { hex?: string; folder?: string; leaveOut?: MapKind; xml?: string; extra?: TestEntry[] } = {}): Promise<Buffer> {
  const folder = options.folder ?? '';
  const entries: TestEntry[] = [{ name: `${folder}material.xml`, data: options.xml ?? xtexDescription(options) }];
  for (const kind of options.maps ?? MAP_KINDS) {
    if (kind === options.leaveOut) continue;
    entries.push({ name: `${folder}textures/${kind}.png`, data: await solidPng(kind === 'basecolor' ? (options.hex ?? '#708238') : '#808080', 20), method: 0 });
  }
  return makeZip([...entries, ...(options.extra ?? [])]);
}
