import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../src/lib/server/db/client';
import { chooseSearchRecipe } from '../../src/lib/server/images/choose-search-recipe';
import { currentRecipe, earlierRecipes, recipeLabel } from '../../src/lib/server/images/descriptor-recipe';
import { imageIndexMode } from '../../src/lib/server/images/ensure-image-index';
import { loadPixels } from '../../src/lib/server/images/descriptor';
import { indexImage } from '../../src/lib/server/images/index-image';
import { indexMaterialImages, storeDescriptor } from '../../src/lib/server/images/index-material-images';
import { requireObject } from '../../src/lib/server/storage';
import type { TextureKind } from '../../src/lib/server/seed/textures';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { seedReferenceData } from '../fixtures/materials';
import { addTextureMaterials, photoOf, searchByPhoto } from '../fixtures/photos';
import { usePrivateDatabase } from '../fixtures/private-database';

// The whole catalogue's coverage decides which version answers, so this file has a database of its own.
usePrivateDatabase();

const { call } = apiCaller();
const root = apiCaller('');
let token: string;
let org: number;
let pictures: number[];

const firstOwn = async (kind: TextureKind, hex: string) => {
  const found = await searchByPhoto(call, await photoOf(kind, hex), { token });
  expect(found.status).toBe(200);
  return found.body.data.records.filter((m: { supplierInfo: { supplierId: number } }) => m.supplierInfo.supplierId === org)[0]?.name;
};
const searching = async () => recipeLabel(await chooseSearchRecipe(getPool(), { recheckMs: 0 }));
const rowsOf = async (version: number) =>
  Number((await getPool().query<{ n: string }>('select count(*) as n from image_descriptors where version = $1', [version])).rows[0]!.n);

beforeAll(async () => {
  await seedReferenceData();
  org = (await createEnterprise()).companyId;
  token = await createSession(await createUser({ role: 1 }));
  await addTextureMaterials(org);
  // A site described with version 2 before the upgrade.
  const { rows } = await getPool().query<{ id: string; storage_key: string }>(
    'select distinct i.id, i.storage_key from material_images mi join images i on i.id = mi.image_id order by i.id',
  );
  pictures = rows.map((r) => Number(r.id));
  const v2 = earlierRecipes(await currentRecipe()).at(-1)!;
  const withEmbedding = (await imageIndexMode()) === 'hnsw';
  for (const row of rows) await storeDescriptor(Number(row.id), v2, await v2.describe(await loadPixels(await requireObject(row.storage_key))), withEmbedding);
});

describe('a new descriptor version (docs/product/search.md#descriptors)', () => {
  it('leaves search answering from the earlier version until every picture has the new one', async () => {
    expect(recipeLabel(await currentRecipe())).toBe('v3');
    expect(await searching()).toBe('v2');
    expect(await firstOwn('denim', '#2a4b7c')).toBe('靛蓝牛仔');
    const health = await root.call('/api/health');
    expect(health.body.data.imageDescriptor).toEqual({ current: 'v3', searching: 'v2', model: null });

    // Half way through the re-index nothing changes for the searcher.
    expect(await indexImage(pictures[0]!)).toBe(true);
    expect(await searching()).toBe('v2');
    expect(await firstOwn('air-mesh', '#e8e8e4')).toBe('白色网布');
  });

  it('switches to the new version once it covers the catalogue, and deletes the earlier rows', async () => {
    expect(await indexMaterialImages()).toBe(pictures.length - 1);
    expect(await searching()).toBe('v3');
    expect(await rowsOf(2)).toBe(0);
    expect(await rowsOf(3)).toBe(pictures.length);
    expect(await firstOwn('full-grain', '#7a4a2a')).toBe('棕色荔枝纹');
    expect((await root.call('/api/health')).body.data.imageDescriptor).toEqual({ current: 'v3', searching: 'v3', model: null });
  });
});
