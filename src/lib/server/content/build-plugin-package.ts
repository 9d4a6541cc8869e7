/**
 * A plugin's download (docs/product/content.md#plugin-center): a zip a host's plugin manager loads as a folder. It
 * holds a manifest naming the entry page, a start page that opens this site's store in the host's web view (with
 * the host marker the site detects, docs/decisions/0005-host-types.md), and the installation steps. Made from the
 * plugin's entry in the content and the site's public origin, so the same inputs give the same bytes and checksum.
 */
import { createHash } from 'node:crypto';
import { zipInMemory } from '../material-files/write-u3ma';

export interface PluginDescription {
  slug: string;
  kind: 'design-suite' | '3d-bridge';
  name: string;
  summary: string;
  version: string;
  hosts: readonly string[];
}

export interface PluginPackage {
  fileName: string;
  bytes: Buffer;
  sha256: string;
}

/** What the host opens: the store, marked as the design-software plugin or the 3D tool. */
const ENTRY: Record<PluginDescription['kind'], string> = {
  'design-suite': '/main/material-store?host=plugin',
  '3d-bridge': '/main/material-store?host=clo',
};

/** The messages a 3D tool's bridge answers (docs/product/material-files.md#sending-to-a-3d-tool). */
const BRIDGE = { object: 'window.matlibHost', messages: ['sendMaterialsToCloV2', 'openUrl'], success: '0' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function pluginFileName(plugin: Pick<PluginDescription, 'slug' | 'version'>): string {
  return `matlib-${plugin.slug}-${plugin.version}.zip`;
}

export function buildPluginPackage(plugin: PluginDescription, origin: string): PluginPackage {
  const entry = new URL(ENTRY[plugin.kind], origin).href;
  const manifest = {
    id: `matlib.${plugin.slug}`,
    name: plugin.name,
    version: plugin.version,
    description: plugin.summary,
    kind: plugin.kind,
    entry,
    hosts: plugin.hosts,
    homepage: new URL(`/main/plugin-center/${plugin.slug}`, origin).href,
    ...(plugin.kind === '3d-bridge' ? { bridge: BRIDGE } : {}),
  };
  const start = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0; url=${escapeHtml(entry)}">
<title>${escapeHtml(plugin.name)}</title>
</head>
<body>
<p><a href="${escapeHtml(entry)}">${escapeHtml(plugin.name)}</a></p>
</body>
</html>
`;
  const readme = [
    `${plugin.name} ${plugin.version}`,
    '',
    '安装：解压本文件，在软件的插件管理器中选择“加载插件文件夹”，选中解压出的文件夹。',
    `插件会在软件的面板中打开 ${entry}`,
    '',
    'Install: unzip this file, then in your software’s plugin manager choose to load a plugin folder and pick the unzipped folder.',
    `The plugin opens ${entry} in a panel of your software.`,
    '',
  ].join('\n');
  const bytes = zipInMemory([
    { name: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), method: 8 },
    { name: 'index.html', data: Buffer.from(start), method: 8 },
    { name: 'README.txt', data: Buffer.from(readme), method: 8 },
  ]);
  return { fileName: pluginFileName(plugin), bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
