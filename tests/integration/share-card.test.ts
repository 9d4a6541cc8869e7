/**
 * The share image is drawn once per share, version and language (docs/product/sharing.md#share-images-and-qr-codes):
 * the Host a request names changes neither the cache entry nor the link printed on the card.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shareLandingPath } from '../../src/lib/contracts/sharing';
import { configuredOrigin } from '../../src/lib/server/request/public-origin';
import type { apiCaller as ApiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const drawn = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('../../src/lib/server/sharing/image/render-share-image', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/server/sharing/image/render-share-image')>();
  return {
    ...original,
    renderShareImage: (input: Parameters<typeof original.renderShareImage>[0]) => {
      drawn.urls.push(input.url);
      return original.renderShareImage(input);
    },
  };
});

useTempDataDir('share-card');
let app: ReturnType<typeof ApiCaller>['app'];
let shareId: string;

beforeAll(async () => {
  // The test setup built the app before the mock above existed: this file's app is built again, with it.
  vi.resetModules();
  const caller = (await import('../fixtures/api')).apiCaller('/api/idealab-material', { lang: 'en' });
  app = caller.app;
  const call = caller.call;
  await seedReferenceData();
  const tannery = await createEnterprise({ company: { orgName: '分享图缓存测试', nameEn: 'Share card cache' } });
  const material = (await createMaterial(tannery.companyId, 'twill', { nameCn: '缓存测试牛皮' })).id;
  shareId = (await call('/share/url', { token: tannery.adminToken, body: { kind: 'material', materialIds: [material] } })).body.data.shareId;
});

const image = async (host: string, lang = 'en') => {
  const res = await app.request(`http://${host}/api/idealab-material/share/image?id=${shareId}`, { headers: { host, 'accept-language': lang } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

describe('the share image cache', () => {
  it('draws once for requests naming different hosts, with the configured origin on the card', async () => {
    const first = await image('materials.example.com');
    const second = await image('attacker.example');
    expect(drawn.urls).toEqual([`${configuredOrigin()}${shareLandingPath('material', shareId)}`]);
    expect(second.equals(first)).toBe(true);
    // Another language is another card.
    await image('attacker.example', 'zh-CN');
    expect(drawn.urls).toHaveLength(2);
  });
});
