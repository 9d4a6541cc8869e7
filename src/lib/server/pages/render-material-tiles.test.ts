import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../deep-freeze';
import { MaterialTile } from '../../../islands/MaterialGrid/MaterialTile';
import type { MaterialCard } from '../../contracts/materials';
import { renderMaterialTiles } from './render-material-tiles';

const card = (id: number, over: Partial<MaterialCard> = {}): MaterialCard => ({
  id,
  version: 1,
  categoryId: 19,
  name: `格子布 ${id}`,
  serialNo: `WV-${id}`,
  cover: {
    width: 480,
    height: 480,
    src: `/api/img/${id}/medium.jpg?e=1&s=a`,
    srcset: `/api/img/${id}/medium.jpg?e=1&s=a 480w`,
    webpSrcset: `/api/img/${id}/medium.webp?e=1&s=b 480w`,
  },
  supplierInfo: {
    supplierId: 7,
    supplierName: 'Weave & Co "Ltd"',
    supplierLogo: null,
  },
  price: 39.35,
  currency: id % 2 ? 'CNY' : 'USD',
  priceUnit: 'm',
  colors: ['#e8e4d8', '#b5651d'],
  colorCount: 3,
  isNew: 1,
  gmtCreateTime: '2026-11-01T00:00:00Z',
  ...over,
});
const text = { isNew: '新品', colors: '{{count}} 个颜色', noImage: '暂无图片' };
const actions = {
  collectLabel: '收藏 {{name}}',
  sampleBagLabel: '将 {{name}} 加入样品袋',
  ownCompanyId: 8,
  inert: true,
};

/** What React itself writes for the same grid, tile for tile. */
function reactGrid(materials: MaterialCard[], eager: number, keywords?: string) {
  return renderToStaticMarkup(
    createElement(
      'ul',
      { className: 'grid home' },
      materials.map((m, i) =>
        createElement(MaterialTile, {
          key: m.id,
          material: m,
          text,
          priceUnitLabel: '米',
          eager: i < eager,
          keywords,
          actions,
        }),
      ),
    ),
  );
}

describe('a static grid of tiles', () => {
  const materials = [card(1), card(2), card(3, { cover: null, price: null })];

  it('is the HTML React writes for the same tiles', () => {
    const html = renderMaterialTiles({
      listClass: 'grid home',
      materials,
      text,
      unitLabels: { m: '米' },
      eager: 2,
      keywords: '格子',
      actions,
    });
    expect(html).toBe(reactGrid(materials, 2, '格子'));
    expect(html).toContain('<mark>格子</mark>');
    expect(html.match(/loading="eager"/g)).toHaveLength(2);
  });

  it('comes out the same when its tiles were rendered before, and new when a material changed', () => {
    const input = {
      listClass: 'grid home',
      materials,
      text,
      unitLabels: { m: '米' },
      eager: 2,
      actions,
    };
    const first = renderMaterialTiles(input);
    expect(renderMaterialTiles(input)).toBe(first);

    const renamed = [card(1, { name: '新名字' }), materials[1]!, materials[2]!];
    const again = renderMaterialTiles({ ...input, materials: renamed });
    expect(again).toContain('新名字');
    expect(again).not.toContain('格子布 1<');
    expect(again).toBe(reactGrid(renamed, 2));

    // The viewer's own materials get no actions: another viewer is another entry.
    const own = renderMaterialTiles({
      ...input,
      actions: { ...actions, ownCompanyId: 7 },
    });
    expect(own).not.toContain('data-tile-action');
    expect(first).toContain('data-tile-action');
  });

  it('escapes the list class', () => {
    expect(
      renderMaterialTiles({
        listClass: 'a" onclick="x',
        materials: [],
        text,
        unitLabels: {},
      }),
    ).toBe('<ul class="a&quot; onclick=&quot;x"></ul>');
  });

  it('finds a frozen card\'s tiles by the card itself, and never a card that can still change', () => {
    const input = { listClass: 'grid', text, unitLabels: { m: '米' }, actions };
    const frozen = deepFreeze(card(40));
    expect(renderMaterialTiles({ ...input, materials: [frozen] })).toBe(reactGrid([frozen], 0).replace('grid home', 'grid'));
    expect(renderMaterialTiles({ ...input, materials: [frozen], actions: undefined })).not.toContain('data-tile-action');

    // Frozen on top only: its cover may still change, so it is looked up by what it shows.
    const shallow = Object.freeze(card(41));
    renderMaterialTiles({ ...input, materials: [shallow] });
    shallow.cover!.src = '/api/img/41/changed.jpg';
    expect(renderMaterialTiles({ ...input, materials: [shallow] })).toContain('/api/img/41/changed.jpg');
  });
});
