/** The timing half of bench/sample-requests.ts, against the database the environment names. */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../src/lib/server/db/client';
import { colorCards, companies, materials, shippingAddresses, users } from '../src/lib/server/db/schema';
import { DEMO_ACCOUNTS } from '../src/lib/server/seed/demo-accounts';
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { addSampleItem } from '../src/lib/server/sampling/add-sample-item';
import { changeSampleRequestState } from '../src/lib/server/sampling/change-sample-request-state';
import { listSampleRequests } from '../src/lib/server/sampling/list-sample-requests';
import { submitSampleRequests } from '../src/lib/server/sampling/submit-sample-requests';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '200' }, label: { type: 'string', default: '' } } });
const total = Number(values.requests);
const rounds = Number(values.rounds);
const runtime = await bootRuntime();
const db = getDb();

const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
const report = (name: string, ms: number[]) => console.log(`  ${name.padEnd(40)} p50 ${pct(ms, 50).toFixed(1).padStart(6)} ms   p95 ${pct(ms, 95).toFixed(1).padStart(6)} ms   (${ms.length})`);
async function time(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

try {
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.account, DEMO_ACCOUNTS.buyer));
  const [tannery] = await db.select({ id: companies.id }).from(companies).where(eq(companies.orgName, '东莞华皮革有限公司'));
  if (!buyer || !tannery) throw new Error('demo data missing');
  const offered = await db
    .select({ materialId: materials.id, colorCardId: colorCards.id })
    .from(materials)
    .innerJoin(colorCards, eq(colorCards.materialId, materials.id))
    .where(and(eq(materials.companyId, tannery.id), eq(materials.isDelete, 0)));
  if (offered.length < 2) throw new Error('the tannery has too few color cards');
  const [address] = await db
    .insert(shippingAddresses)
    .values({ userId: buyer.id, receiver: '林设计', phone: '13800138000', countryId: sql`(select id from address_nodes where code = 'CN')`, detail: '厚街镇新塘工业区 8 号', isDefault: 1 })
    .returning({ id: shippingAddresses.id });
  if (!address) throw new Error('no address');

  // The backlog: `total` requests to the tannery, a tenth of them the demo buyer's, spread over states and time.
  const started = performance.now();
  const backlog = sql`
    with made as (
      insert into sample_requests (buyer_user_id, supplier_company_id, state, address, note, created_at)
      select ${buyer.id}, ${tannery.id}, (array['submitted','accepted','rejected','shipped','received','cancelled'])[1 + g % 6],
             '{"receiver":"林设计","phone":"13800138000","places":{"cn":["中国"],"en":["China"]},"detail":"一号","postcode":null}'::jsonb, '', now() - g * interval '1 minute'
      from generate_series(1, ${total}) g
      returning id, created_at
    ), items as (
      insert into sample_request_items (request_id, material_id, material_version, material_name, color_card_id, color_name, color_hex, quantity)
      select id, ${offered[0]?.materialId ?? 0}, 1, '头层牛皮', ${offered[0]?.colorCardId ?? 0}, '黑色', '#111111', 2 from made
      returning request_id
    )
    insert into sample_request_events (request_id, state, actor_user_id, actor_side, at)
    select id, 'submitted', ${buyer.id}, 'buyer', created_at from made`;
  await db.execute(backlog);
  // Nine of ten requests come from other buyers: move them to fresh users so the buyer's own list holds a tenth.
  const others = await db.insert(users).values(Array.from({ length: 50 }, (_, i) => ({ account: `bench-${i}-${randomUUID()}@matlib.bench`, email: null, passwordHash: '', role: 1 }))).returning({ id: users.id });
  const ids = others.map((o) => o.id);
  await db.execute(sql`update sample_requests set buyer_user_id = (${sql.raw(`array[${ids.join(',')}]`)})[1 + id % ${ids.length}] where id % 10 <> 0`);
  await db.execute(sql`analyze sample_requests; analyze sample_request_items; analyze sample_request_events`);
  console.log(`${values.label}: ${total} requests made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const submit: number[] = [];
  const accept: number[] = [];
  const buyerSide = { userId: buyer.id, currentCompanyId: null };
  for (let round = 0; round <= rounds; round += 1) {
    const [a, b] = [offered[(2 * round) % offered.length], offered[(2 * round + 1) % offered.length]];
    if (!a || !b) throw new Error('no offer');
    const items = [await addSampleItem(buyer.id, null, { ...a, quantity: 1 }), await addSampleItem(buyer.id, null, { ...b, quantity: 1 })];
    let made: number[] = [];
    const ms = await time(async () => {
      made = (await submitSampleRequests(buyerSide, { itemIds: [...new Set(items.map((i) => i.id))], addressId: address.id, note: '基准' }, randomUUID())).requestIds;
    });
    const id = made[0];
    if (id === undefined) throw new Error('nothing submitted');
    const acceptMs = await time(() => changeSampleRequestState({ side: 'supplier', companyId: tannery.id, userId: buyer.id }, { action: 'accept', id }, 'cn'));
    if (round === 0) continue; // warm-up
    submit.push(ms);
    accept.push(acceptMs);
  }
  const lists = { supplierAll: [] as number[], supplierSubmitted: [] as number[], supplierPage50: [] as number[], buyerAll: [] as number[], buyerShipments: [] as number[] };
  for (let round = 0; round <= rounds; round += 1) {
    const sample = {
      supplierAll: await time(() => listSampleRequests({ side: 'supplier', companyId: tannery.id }, { page: 1, size: 10 }, 'cn')),
      supplierSubmitted: await time(() => listSampleRequests({ side: 'supplier', companyId: tannery.id }, { page: 1, size: 10, state: 'submitted' }, 'cn')),
      supplierPage50: await time(() => listSampleRequests({ side: 'supplier', companyId: tannery.id }, { page: 50, size: 10 }, 'cn')),
      buyerAll: await time(() => listSampleRequests({ side: 'buyer', userId: buyer.id }, { page: 1, size: 10 }, 'cn')),
      buyerShipments: await time(() => listSampleRequests({ side: 'buyer', userId: buyer.id }, { page: 1, size: 10, shipments: true }, 'cn')),
    };
    if (round === 0) continue;
    for (const [k, v] of Object.entries(sample)) lists[k as keyof typeof lists].push(v);
  }
  report('submit 2 items (one request)', submit);
  report('supplier accept', accept);
  report(`supplier list, page 1 of ${total}`, lists.supplierAll);
  report('supplier list, submitted only', lists.supplierSubmitted);
  report('supplier list, page 50', lists.supplierPage50);
  report(`buyer list, page 1 of ${total / 10}`, lists.buyerAll);
  report('buyer shipments (logistics)', lists.buyerShipments);
} finally {
  await runtime.close();
}
