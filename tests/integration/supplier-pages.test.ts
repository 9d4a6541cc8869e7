import { beforeAll, describe, expect, it } from 'vitest';
import { loadMaterialHistory } from '../../src/lib/server/pages/material-history';
import { loadSupplierHome } from '../../src/lib/server/pages/supplier-home';
import { revertMaterial } from '../../src/lib/server/materials/revert-material';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

let company: Awaited<ReturnType<typeof createEnterprise>>;
let published: number;
let draft: number;

beforeAll(async () => {
  await seedReferenceData();
  company = await createEnterprise();
  published = (await createMaterial(company.companyId, 'twill')).id;
  draft = (await createMaterial(company.companyId, 'twill', { marketTypes: [] })).id;
});

describe('the supplier landing’s loader (/supplier/home)', () => {
  it('reads the filters from the address and keeps them for links', async () => {
    const home = await loadSupplierHome(company.companyId, new URL('http://x/supplier/home?state=draft&sort=name'), 'cn');
    expect(home.list.records.map((r) => r.id)).toEqual([draft]);
    expect(home.filters).toMatchObject({ state: 'draft', sort: 'name' });
    expect(home.dashboard.drafts).toBe(1);
    expect(home.hasNone).toBe(false);
    expect(home.categories.length).toBeGreaterThan(0);
  });

  it('drops a filter it cannot read instead of failing, and lists everything for a category that is gone', async () => {
    const home = await loadSupplierHome(company.companyId, new URL('http://x/supplier/home?state=nope&size=999&categoryId=999999999'), 'cn');
    expect(home.query.state).toBe('all');
    expect(home.filters.categoryId).toBeUndefined();
    expect(home.list.total).toBe(2);
  });

  it('knows a company without any material', async () => {
    const empty = await createEnterprise();
    expect((await loadSupplierHome(empty.companyId, new URL('http://x/supplier/home'), 'en')).hasNone).toBe(true);
  });
});

describe('the history page’s loader (/supplier/material/history)', () => {
  it('compares the latest version with the one before it by default', async () => {
    await revertMaterial(company.companyId, company.admin.id, published, 1);
    const page = await loadMaterialHistory(company.companyId, new URL(`http://x/supplier/material/history?materialId=${published}`), 'en');
    if (page.kind !== 'ok') throw new Error('expected the history');
    expect(page.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(page).toMatchObject({ from: 1, to: 2 });
    expect(page.diff?.to.version).toBe(2);
  });

  it('is not found for another company’s material or a bad id', async () => {
    const other = await createEnterprise();
    expect((await loadMaterialHistory(other.companyId, new URL(`http://x/supplier/material/history?materialId=${published}`), 'cn')).kind).toBe('notFound');
    expect((await loadMaterialHistory(company.companyId, new URL('http://x/supplier/material/history?materialId=abc'), 'cn')).kind).toBe('notFound');
  });
});
