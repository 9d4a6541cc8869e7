import { describe, expect, it } from 'vitest';
import { bufferSource, openArchive } from '../material-files/open-archive';
import { buildPluginPackage, type PluginDescription } from './build-plugin-package';

const bridge: PluginDescription = { slug: '3d-bridge', kind: '3d-bridge', name: 'MatLib 3D', summary: 'Send materials', version: '1.2.3', hosts: ['3D tools'] };

async function read(bytes: Buffer) {
  const archive = await openArchive(bufferSource(bytes));
  const text = async (path: string) => {
    const entry = archive.find(path);
    if (!entry) throw new Error(`no ${path} in the package`);
    return (await archive.read(entry)).toString('utf8');
  };
  return { paths: archive.entries.map((e) => e.path), text };
}

describe('plugin packages', () => {
  it('hold a manifest whose entry opens the store as the host, a start page and the installation steps', async () => {
    const pkg = buildPluginPackage(bridge, 'https://matlib.example');
    expect(pkg.fileName).toBe('matlib-3d-bridge-1.2.3.zip');
    const { paths, text } = await read(pkg.bytes);
    expect(paths.sort()).toEqual(['README.txt', 'index.html', 'manifest.json']);
    const manifest = JSON.parse(await text('manifest.json'));
    expect(manifest).toMatchObject({ id: 'matlib.3d-bridge', version: '1.2.3', entry: 'https://matlib.example/main/material-store?host=clo', bridge: { messages: ['sendMaterialsToCloV2', 'openUrl'], success: '0' } });
    expect(await text('index.html')).toContain('url=https://matlib.example/main/material-store?host=clo');
  });

  it('mark the design-software plugin as such, and carry no bridge', async () => {
    const pkg = buildPluginPackage({ ...bridge, slug: 'design-suite', kind: 'design-suite' }, 'https://matlib.example');
    const manifest = JSON.parse(await (await read(pkg.bytes)).text('manifest.json'));
    expect(manifest.entry).toBe('https://matlib.example/main/material-store?host=plugin');
    expect(manifest.bridge).toBeUndefined();
  });

  it('are the same bytes, and checksum, for the same plugin and origin, and differ for another origin', () => {
    const a = buildPluginPackage(bridge, 'https://matlib.example');
    expect(buildPluginPackage(bridge, 'https://matlib.example').sha256).toBe(a.sha256);
    expect(buildPluginPackage(bridge, 'https://other.example').sha256).not.toBe(a.sha256);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('escape a name that looks like markup in the start page', async () => {
    const pkg = buildPluginPackage({ ...bridge, name: '<script>x</script>' }, 'https://matlib.example');
    expect(await (await read(pkg.bytes)).text('index.html')).not.toContain('<script>');
  });
});
