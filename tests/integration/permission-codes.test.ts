/**
 * Permission codes on their API (docs/product/routes.md#roles): a member of a company holding no code is refused
 * with 100403 naming the code (what the permission dialog shows), and a member given that one code gets through.
 * Color-card books FUN003, shares FUN004 (a material that is not on a market FUN001 too), account settings FUN005,
 * sample requests FUN008, uploads FUN001 or FUN010, download links FUN001.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { addressNodes, colorCards, companyMembers, users } from '../../src/lib/server/db/schema';
import type { PermissionCode } from '../../src/lib/permission-codes';
import { apiCaller, type Answer } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createUser, grantCodes, signInTo } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const material = apiCaller();
const root = apiCaller('/api');

useTempDataDir('permission-codes');
let mill: Awaited<ReturnType<typeof createEnterprise>>;
let tannery: Awaited<ReturnType<typeof createEnterprise>>;
let published: number;
let draft: number;
let others: number;

/** A new member of the mill whose one role holds `codes` (none: a member without any), signed in there. */
async function memberWith(...codes: PermissionCode[]) {
  const user = await createUser({ role: 2 });
  await getDb().insert(companyMembers).values({ companyId: mill.companyId, userId: user.id, isAdmin: false });
  if (codes.length) await grantCodes(mill.companyId, user.id, codes);
  return { user, token: await signInTo(user, mill.companyId) };
}

function refused(answer: Answer, code: string) {
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ code: 100403, data: { permission: code } });
}

beforeAll(async () => {
  await seedReferenceData();
  mill = await createEnterprise();
  tannery = await createEnterprise();
  published = (await createMaterial(mill.companyId, 'twill')).id;
  draft = (await createMaterial(mill.companyId, 'twill', { marketTypes: [] })).id;
  others = (await createMaterial(tannery.companyId, 'twill')).id;
});

describe('color-card books (FUN003)', () => {
  it('are refused on both paths without the code and made with it', async () => {
    const none = await memberWith();
    refused(await material.call('/color/card/book/add', { token: none.token, body: { name: 'No code' } }), 'FUN003');
    refused(await material.call('/supplier/color/card/book/add', { token: none.token, body: { name: 'No code' } }), 'FUN003');
    refused(await material.call('/color/card/book/list', { token: none.token }), 'FUN003');

    const holder = await memberWith('FUN003');
    const made = await material.call('/supplier/color/card/book/add', { token: holder.token, body: { name: 'Autumn' } });
    expect(made.status).toBe(200);
    expect((await material.call('/supplier/color/card/book/list', { token: holder.token })).body.data.records.map((b: { name: string }) => b.name)).toContain('Autumn');
  });
});

describe('shares (FUN004)', () => {
  const share = (token: string, materialId: number) => material.call('/share/url', { token, body: { kind: 'material', materialIds: [materialId] } });

  it('are refused without the code, and a material that is not on a market needs FUN001 as well', async () => {
    refused(await share((await memberWith()).token, published), 'FUN004');

    const sharer = await memberWith('FUN004');
    expect((await share(sharer.token, published)).status).toBe(200);
    expect((await share(sharer.token, others)).status).toBe(200);
    // The draft's name, price and pictures would reach whoever has the link.
    refused(await share(sharer.token, draft), 'FUN001');

    const editor = await memberWith('FUN004', 'FUN001');
    expect((await share(editor.token, draft)).status).toBe(200);
  });
});

describe('account settings (FUN005)', () => {
  const bind = (token: string) => root.call('/authcenter/v1.0/user/update/account/current', { token, body: { account: '13900139000', code: '000000' } });

  it('changing a bound address needs the code; the first address, bound while signing in, does not', async () => {
    // Refused before the code is looked at, so no code is spent on it.
    refused(await bind((await memberWith()).token), 'FUN005');
    refused(await root.call('/authcenter/v1.0/user/update/account', { token: (await memberWith()).token, body: { account: 'x@test.matlib' } }), 'FUN005');

    const holder = await memberWith('FUN005');
    const wrongCode = await bind(holder.token);
    expect(wrongCode.status).toBe(422);

    const unbound = await memberWith();
    await getDb().update(users).set({ email: null, mobile: null }).where(eq(users.id, unbound.user.id));
    expect((await bind(unbound.token)).status).toBe(422);
  });
});

describe('sample requests (FUN008)', () => {
  it('are filed in the company’s name only with the code', async () => {
    const node: Record<string, number> = {};
    for (const row of await getDb().select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes)) node[row.code] = row.id;
    const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, others)).orderBy(asc(colorCards.sort)).limit(1);
    const prepared = async (token: string) => {
      const address = await material.call('/buyer/address/add', {
        token,
        body: { receiver: '林采购', phone: '13800138000', countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], districtId: null, detail: '一号', postcode: null },
      });
      const item = await material.call('/buyer/sample/bag/add', { token, body: { materialId: others, colorCardId: card!.id, quantity: 1 } });
      return { itemIds: [item.body.data.id as number], addressId: address.body.data.id as number };
    };

    const none = await memberWith();
    refused(await material.call('/buyer/sample/apply/submit', { token: none.token, body: await prepared(none.token) }), 'FUN008');

    const buyer = await memberWith('FUN008');
    const filed = await material.call('/buyer/sample/apply/submit', { token: buyer.token, body: await prepared(buyer.token) });
    expect(filed.status).toBe(200);
    expect(filed.body.data.requestIds).toHaveLength(1);
  });
});

describe('company files', () => {
  const init = (token: string) =>
    root.call('/metaData/storageService/multipart/init', { token, body: { key: `${'a'.repeat(32)}.png`, name: 'cover.png', mime: 'image/png', size: 1024 } });
  const link = (token: string) => root.call(`/show/dictionary/getOSSUrl?key=${'b'.repeat(32)}.png`, { token });

  it('are uploaded by the material editor (FUN001) or the homepage builder (FUN010) only', async () => {
    refused(await init((await memberWith()).token), 'FUN001|FUN010');
    refused(await root.call('/metaData/storageService/getResourceAuth', { token: (await memberWith()).token }), 'FUN001|FUN010');
    expect((await init((await memberWith('FUN010')).token)).status).toBe(200);
    expect((await init((await memberWith('FUN001')).token)).status).toBe(200);
  });

  it('get download links only for material managers (FUN001)', async () => {
    refused(await link((await memberWith()).token), 'FUN001');
    refused(await link((await memberWith('FUN010')).token), 'FUN001');
    // Past the gate: a file the company does not hold is not found.
    expect((await link((await memberWith('FUN001')).token)).status).toBe(404);
  });
});
