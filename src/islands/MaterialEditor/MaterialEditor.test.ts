import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/i18n';
import type { EditorCatalogue } from '../../lib/material-editor';
import MaterialEditor, { withFileColors } from './MaterialEditor';
import { parsersFor } from './MaterialFile';

const catalogue: EditorCatalogue = {
  fields: {
    PF_NAME_CN: { fieldCode: 'PF_NAME_CN', fieldType: 1, title: '材料名称', inputType: 'text', type: 'string', maxLength: 60 },
    PF_PRICE: { fieldCode: 'PF_PRICE', fieldType: 2, title: '价格', inputType: 'number', type: 'number', minimum: 0, maximum: 100 },
    PF_WIDTH: { fieldCode: 'PF_WIDTH', fieldType: 3, title: '幅宽', inputType: 'numberGroup', type: 'number', defaultValue: { unit: 6 } },
    PF_SEASON: { fieldCode: 'PF_SEASON', fieldType: 4, title: '季节', inputType: 'radio', type: 'string', dictTypeCode: 'season', defaultValue: 1 },
  },
  templates: { '1:1': [{ code: 'PF_NAME_CN', required: true }, { code: 'PF_PRICE', required: true }, { code: 'PF_WIDTH', required: false }, { code: 'PF_SEASON', required: false }] },
  dictionaries: { season: [{ value: '1', label: '春夏' }, { value: '2', label: '秋冬' }] },
  places: [],
};
const categories = [{ id: 1, code: 'woven', name: '梭织', originName: '梭织', parentId: null, level: 1, matchResult: [{ id: 2, code: 'twill', name: '斜纹', originName: '斜纹', parentId: 1, level: 2 }] }];
const messages = { editor: MESSAGES.cn.editor, errors: MESSAGES.cn.errors };
const ref = { width: 10, height: 10, src: '/a.jpg', srcset: '', webpSrcset: '' };

const file = {
  readId: 4,
  fileName: 'twill.u3ma',
  material: { format: 'u3m', version: '1.0', name: 'Twill', physicalSize: { widthCm: 12.5, heightCm: 10 }, colors: [{ name: '蓝', hex: '#1f3a93' }], maps: { front: ['basecolor' as const, 'normal' as const], back: [] } },
  settings: { maps: ['basecolor' as const], widthCm: 12.5, heightCm: 10 },
};

describe('the material editor island', () => {
  it('renders a new material as the category step only', () => {
    const html = renderToString(createElement(MaterialEditor, { companyId: 1, source: null, categories, catalogue, messages, uploadMessages: MESSAGES.cn.upload, lang: 'cn' }));
    expect(html).toContain('一级分类');
    expect(html).not.toContain('材料名称');
  });

  it('renders an existing material with its groups, the currency, the default unit and radio, and a locked card', () => {
    const source = { id: 9, version: 3, categoryId: 2, attrs: { PF_NAME_CN: '斜纹', PF_PRICE: 12 }, colorCards: [{ id: 5, name: '蓝', hex: '#1f3a93', isDefault: 1 as const, isBan: 1 as const, images: [{ id: 7, ref }] }], cover: null, dangling: null, gallery: [{ id: 8, ref }], attachments: [{ relativePath: 'u/1/abc.pdf', name: '检测报告', size: 2048, mime: 'application/pdf' }], marketTypes: [1], file };
    const html = renderToString(createElement(MaterialEditor, { companyId: 1, source, categories, catalogue, messages, uploadMessages: MESSAGES.cn.upload, lang: 'cn' }));
    for (const text of ['基础信息', '商务信息', '特性', '其他', '¥', '当前为第 3 版', MESSAGES.cn.editor.cards.locked, '2/60', '检测报告', '2.0 KB', 'twill.u3ma', 'U3M 1.0', '使用的贴图']) expect(html).toContain(text);
    // The bound file's maps are choices, the unused one unticked; its tile size is editable.
    expect(html).toMatch(/<input type="checkbox" checked=""\/>基础色/);
    expect(html).toMatch(/<input type="checkbox"\/>法线/);
    expect(html).toContain('value="12.5"');
    expect(html).toMatch(/<option value="6" selected="">cm<\/option>/);
    expect(html).toMatch(/type="radio" name="attrs.PF_SEASON" checked="" value="1"/);
  });
});

describe('binding a material file’s colors to the cards', () => {
  const blank = { key: 'k0', name: '', hex: '#808080', isDefault: true, isBan: false, images: [] };
  const colors = [
    { name: 'Navy', hex: '#1F3A93' },
    { name: 'Sand', hex: '#d8c3a5' },
  ];

  it('replaces a lone untouched starting card with the file’s colors, bound, the first one default', () => {
    const cards = withFileColors([blank], colors);
    expect(cards.map((c) => [c.name, c.hex, c.isBan, c.isDefault])).toEqual([
      ['Navy', '#1f3a93', true, true],
      ['Sand', '#d8c3a5', true, false],
    ]);
  });

  it('keeps the supplier’s cards, binds one already of a proposed color, and adds only the missing colors', () => {
    const own = { key: 'k1', id: 7, name: 'Marine', hex: '#1f3a93', isDefault: true, isBan: false, images: [] };
    const other = { key: 'k2', id: 8, name: 'Red', hex: '#ff0000', isDefault: false, isBan: true, images: [] };
    const cards = withFileColors([own, other], colors);
    expect(cards.map((c) => [c.id ?? null, c.name, c.isBan, c.isDefault])).toEqual([
      [7, 'Marine', true, true],
      // A card of a color the new file does not propose is no longer bound.
      [8, 'Red', false, false],
      [null, 'Sand', true, false],
    ]);
  });

  it('offers the readers that take a file’s extension, a .zip to three of them', () => {
    expect(parsersFor('twill.u3ma')).toEqual(['u3m']);
    expect(parsersFor('card.ADMF')).toEqual(['admf']);
    expect(parsersFor('colors.zip')).toEqual(['u3m', 'xtex', 'color-card']);
    expect(parsersFor('notes.txt')).toEqual([]);
  });
});
