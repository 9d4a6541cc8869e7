/**
 * Markets (docs/product/markets.md): the overseas market (2) lists only what is on it, reads materials in English with
 * the overseas template's fields, shows each price in its own currency, and speaks English to a caller who asks for
 * neither language. The API chooses the market from the address it is called on.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';
import { createShare } from '../../src/lib/server/sharing/create-share';

const domestic = apiCaller('http://materials.example.com/api/idealab-material');
const overseas = apiCaller('http://overseas.example.com/api/idealab-material');

useTempDataDir('markets');
const tag = randomUUID().slice(0, 8);
let both: number;
let onlyHome: number;
let onlyAbroad: number;
let sharer: { userId: number; companyId: number };

beforeAll(async () => {
  await seedReferenceData();
  const { companyId, admin } = await createEnterprise({ company: { orgName: `市场测试 ${tag}`, nameEn: `Markets ${tag}` } });
  sharer = { userId: admin.id, companyId };
  const usd = { PF_PRICE: 7.25, PF_CURRENCY: 'USD', PF_UNIT: 'm', PF_COMPOSITION: '100% PES', PF_GRAMMAGE: 220 };
  onlyHome = (await createMaterial(companyId, 'twill', { nameCn: `国内斜纹 ${tag}`, nameEn: `Home twill ${tag}`, marketTypes: [1] })).id;
  onlyAbroad = (await createMaterial(companyId, 'twill', { nameCn: `海外斜纹 ${tag}`, nameEn: `Abroad twill ${tag}`, marketTypes: [2], attrs: usd })).id;
  both = (await createMaterial(companyId, 'twill', { nameCn: `两地斜纹 ${tag}`, nameEn: `Both twill ${tag}`, marketTypes: [1, 2] })).id;
});

const searched = async (caller: typeof domestic) => {
  const { body } = await caller.call('/open/v2/material/search', { body: { keywords: tag, page: 1, size: 20 } });
  return (body.data.records as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
};

describe('the overseas market', () => {
  it('lists in store and search only what is on it', async () => {
    expect(await searched(domestic)).toEqual([onlyHome, both].sort((a, b) => a - b));
    expect(await searched(overseas)).toEqual([onlyAbroad, both].sort((a, b) => a - b));
    const store = await overseas.call(`/open/v2/material/store?keywords=${tag}`, { lang: 'zh-CN' });
    const records = store.body.data.records as { id: number; name: string }[];
    expect(records.map((r) => r.id).sort((a, b) => a - b)).toEqual([onlyAbroad, both].sort((a, b) => a - b));
    // Tiles name materials in English there, as the detail does, whatever the interface language.
    expect(records.map((r) => r.name).sort()).toEqual([`Abroad twill ${tag}`, `Both twill ${tag}`]);
  });

  it('opens only its own materials, in English with the overseas template, each price in its own currency', async () => {
    expect((await overseas.call('/open/v2/material/detail', { body: { id: onlyHome } })).body.code).toBe(100404);
    const abroad = (await overseas.call('/open/v2/material/detail', { body: { id: onlyAbroad }, lang: 'zh-CN' })).body.data;
    // The interface may be Chinese; the material reads as the overseas market lists it.
    expect(abroad.name).toBe(`Abroad twill ${tag}`);
    expect(abroad).toMatchObject({ currency: 'USD', currencySymbol: '$', price: 7.25 });
    const titles = (abroad.dynamicAttr as { fieldCode: string; title: string }[]).map((a) => a.title);
    expect(titles).toContain('Composition');
    expect(titles.every((title) => !/[\u4e00-\u9fff]/.test(title))).toBe(true);
    const home = (await domestic.call('/open/v2/material/detail', { body: { id: both }, lang: 'zh-CN' })).body.data;
    expect(home).toMatchObject({ name: `两地斜纹 ${tag}`, currencySymbol: '¥' });
  });

  it('shows a shared material whichever market it is on, read as the viewer’s market reads materials', async () => {
    const share = async (id: number) => (await createShare(sharer, { kind: 'material', materialIds: [id], type: 1, validityType: 1, viewRange: 1, isSync: 0, introduce: '' }, null)).shareId;
    const relates = async (caller: typeof domestic, shareId: string) => (await caller.call(`/share/relates?id=${shareId}`, { method: 'GET', lang: 'zh-CN' })).body.data.material;
    // Someone at home shares a material of the home market only: abroad, the share still shows it, in English.
    const home = await share(onlyHome);
    expect(await relates(domestic, home)).toMatchObject({ id: onlyHome, name: `国内斜纹 ${tag}` });
    expect(await relates(overseas, home)).toMatchObject({ id: onlyHome, name: `Home twill ${tag}` });
    expect((await relates(overseas, await share(onlyAbroad))).currencySymbol).toBe('$');
  });

  it('finds by color only what is on it', async () => {
    const byColor = async (caller: typeof domestic) =>
      ((await caller.call('/open/v2/material/search/color', { body: { color: '#1b1b1b', tolerance: 1, page: 1, size: 60 } })).body.data.records as { id: number }[]).map((r) => r.id);
    expect(await byColor(overseas)).toContain(onlyAbroad);
    expect(await byColor(overseas)).not.toContain(onlyHome);
    expect(await byColor(domestic)).toContain(onlyHome);
    expect(await byColor(domestic)).not.toContain(onlyAbroad);
  });

  it('answers in English a caller who asks for neither language', async () => {
    const answer = await overseas.call('/open/v2/material/detail', { body: { id: 0 }, lang: 'fr-FR' });
    expect(answer.status).toBe(422);
    expect(answer.body.msg).toMatch(/[a-z]/i);
    expect(answer.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
    const home = await domestic.call('/open/v2/material/detail', { body: { id: 0 }, lang: 'fr-FR' });
    expect(home.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
