import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '../../src/lib/server/db/client';
import { resetEnvCache } from '../../src/lib/server/env';
import { chooseSearchRecipe } from '../../src/lib/server/images/choose-search-recipe';
import { DESCRIPTOR_DIMENSIONS, loadPixels } from '../../src/lib/server/images/descriptor';
import { currentRecipe, earlierRecipes, recipeLabel } from '../../src/lib/server/images/descriptor-recipe';
import { imageIndexMode } from '../../src/lib/server/images/ensure-image-index';
import { indexMaterialImages, storeDescriptor } from '../../src/lib/server/images/index-material-images';
import { requireObject } from '../../src/lib/server/storage';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { seedReferenceData } from '../fixtures/materials';
import { buildImageModel, TINY_CHANNELS } from '../fixtures/onnx-model';
import { addTextureMaterials, photoOf, searchByPhoto } from '../fixtures/photos';
import { usePrivateDatabase } from '../fixtures/private-database';

// Which recipe answers depends on the whole catalogue's coverage, so this file has a database of its own.
usePrivateDatabase();

const { call } = apiCaller();
const root = apiCaller('');
const dir = mkdtempSync(path.join(tmpdir(), 'matlib-model-'));
const modelFile = path.join(dir, 'tiny-texture.onnx');
writeFileSync(modelFile, buildImageModel());
let token: string;
let org: number;
let pictures: number;

const useModel = (file: string) => {
  process.env.IMAGE_EMBEDDING_MODEL = file;
  resetEnvCache();
};

beforeAll(async () => {
  await seedReferenceData();
  org = (await createEnterprise()).companyId;
  token = await createSession(await createUser({ role: 1 }));
  await addTextureMaterials(org);
});

describe('an embedding model (docs/product/search.md#an-embedding-model)', () => {
  it('that cannot be read stops the start with the file named', async () => {
    const broken = path.join(dir, 'broken.onnx');
    writeFileSync(broken, 'not a model');
    useModel(broken);
    await expect(currentRecipe()).rejects.toThrow(`${broken} is not a readable ONNX model`);
    useModel(path.join(dir, 'missing.onnx'));
    await expect(currentRecipe()).rejects.toThrow('Image embedding model not found');
  });

  it('is blended into every picture’s descriptor, search staying on the hand-made one until that is done', async () => {
    useModel(modelFile);
    const recipe = await currentRecipe();
    expect(recipe.model).toMatch(/^[0-9a-f]{16}$/);
    expect(recipe.dims).toBe(DESCRIPTOR_DIMENSIONS + TINY_CHANNELS);

    // The site had the hand-made descriptor for every picture before the model was set.
    const handMade = earlierRecipes(recipe)[0]!;
    const { rows } = await getPool().query<{ id: string; storage_key: string }>('select distinct i.id, i.storage_key from material_images mi join images i on i.id = mi.image_id');
    pictures = rows.length;
    const withEmbedding = (await imageIndexMode()) === 'hnsw';
    for (const row of rows) await storeDescriptor(Number(row.id), handMade, await handMade.describe(await loadPixels(await requireObject(row.storage_key))), withEmbedding);
    expect(recipeLabel(await chooseSearchRecipe(getPool(), { recheckMs: 0 }))).toBe('v3');
    expect((await root.call('/api/health')).body.data.imageDescriptor).toEqual({ current: recipeLabel(recipe), searching: 'v3', model: 'tiny-texture.onnx' });

    expect(await indexMaterialImages()).toBe(pictures);
    expect(recipeLabel(await chooseSearchRecipe(getPool(), { recheckMs: 0 }))).toBe(recipeLabel(recipe));
    const stored = await getPool().query<{ model: string; dims: number }>('select model, length(quantized) - 4 as dims from image_descriptors');
    expect(stored.rows).toHaveLength(pictures);
    expect(stored.rows.every((r) => r.model === recipe.model && r.dims === recipe.dims)).toBe(true);

    const found = await searchByPhoto(call, await photoOf('denim', '#2a4b7c'), { token });
    expect(found.status).toBe(200);
    expect(found.body.data.records.filter((m: { supplierInfo: { supplierId: number } }) => m.supplierInfo.supplierId === org)[0].name).toBe('靛蓝牛仔');
    expect((await root.call('/api/health')).body.data.imageDescriptor).toEqual({ current: recipeLabel(recipe), searching: recipeLabel(recipe), model: 'tiny-texture.onnx' });
  });
});
