/**
 * The plugin center's pages (docs/product/content.md#plugin-center): the plugins in their order, and the download
 * package of a plugin's newest version, built on this site's public origin and kept once built.
 */
import type { Lang } from '../../i18n';
import { buildPluginPackage, pluginFileName, type PluginPackage } from '../content/build-plugin-package';
import { localizedEntries, localizedEntry, type Localized } from './content';

export async function listPlugins(lang: Lang): Promise<Localized<'plugins'>[]> {
  return (await localizedEntries('plugins', lang)).sort((a, b) => a.entry.data.order - b.entry.data.order);
}

const built = new Map<string, PluginPackage>();

/**
 * The package of a plugin's newest version (its versions are listed newest first). Always made from the Chinese
 * entry when there is one, so both languages download the same bytes with the same checksum.
 */
export async function latestPackage(slug: string, origin: string): Promise<PluginPackage | undefined> {
  const found = await localizedEntry('plugins', slug, 'cn');
  const latest = found?.entry.data.versions[0];
  if (!found || !latest) return undefined;
  const key = `${origin} ${pluginFileName({ slug, version: latest.version })}`;
  let pkg = built.get(key);
  if (!pkg) {
    const { kind, name, summary, hosts } = found.entry.data;
    pkg = buildPluginPackage({ slug, kind, name, summary, hosts, version: latest.version }, origin);
    built.set(key, pkg);
  }
  return pkg;
}
