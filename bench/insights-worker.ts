/** The timing half of bench/insights.ts, against the database the environment names (migrated, otherwise empty). */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { presetRange, type InsightsRange } from '../src/lib/contracts/insights';
import { countClientErrors } from '../src/lib/server/analytics/count-client-errors';
import { countMaterialViews } from '../src/lib/server/analytics/count-material-views';
import { countSearches } from '../src/lib/server/analytics/count-searches';
import { countShareOpens } from '../src/lib/server/analytics/count-share-opens';
import { countVisits } from '../src/lib/server/analytics/count-visits';
import { measureSampleFunnel } from '../src/lib/server/analytics/measure-sample-funnel';
import { rankSearchColors } from '../src/lib/server/analytics/rank-search-colors';
import { rankSearchWords } from '../src/lib/server/analytics/rank-search-words';
import { summarizeInsights } from '../src/lib/server/analytics/summarize-insights';
import { summarizeSupplierInsights } from '../src/lib/server/analytics/summarize-supplier-insights';
import { getDb } from '../src/lib/server/db/client';
import { bootRuntime } from '../src/lib/server/runtime/boot';

const { values } = parseArgs({ options: { events: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '5' } } });
const total = Number(values.events);
const rounds = Number(values.rounds);
const runtime = await bootRuntime();
const db = getDb();

const SUPPLIERS = 40;
const USERS = 2_000;
const SESSIONS = 12_000;
const WORDS = ['真皮', '头层牛皮', 'nappa', '超纤', '网布', '飞织', 'suede', 'PU 革', '麂皮绒', '帆布', '防水', '弹力', '反光', '羊皮', '漆皮'];
const HEXES = ['AA3322', '1B1B1B', 'F4F1EA', '8B5A2B', '2F5D8A', 'C8102E', '556B2F', 'E0B0FF'];
/** A text[] as one parameter: drizzle would spread a JS array into a list of them. */
const textArray = (list: string[]) => `{${list.map((v) => `"${v}"`).join(',')}}`;

async function seed() {
  const started = performance.now();
  // Suppliers and buyers: only what the aggregations join to.
  await db.execute(sql`insert into companies (org_name, name_en, is_personal, role) select '供应商 ' || g, 'Supplier ' || g, false, 2 from generate_series(1, ${SUPPLIERS}) g`);
  await db.execute(sql`
    insert into users (account, email, name, password_hash, role, status)
    select 'bench-' || g || '@insights.test', 'bench-' || g || '@insights.test', '采购 ' || g, 'x', 1, 1 from generate_series(1, ${USERS}) g`);
  const [{ first_company: firstCompany, first_user: firstUser }] = (
    await db.execute<{ first_company: number; first_user: number }>(sql`select (select min(id) from companies where role = 2 and not is_personal)::int as first_company, (select min(id) from users where account like 'bench-%')::int as first_user`)
  ).rows as [{ first_company: number; first_user: number }];

  // Usage events over the last 90 days: six in ten page views, two searches, one and a half detail views, the rest actions.
  await db.execute(sql`
    insert into analytics_events (event, session_id, device_id, user_id, company_id, role_code, properties, occurred_at, received_at)
    select e.event, 's' || (g % ${SESSIONS}), 'd' || (g % ${SESSIONS}),
      case when g % 3 = 0 then ${firstUser} + g % ${USERS} end, null, 500,
      case e.event
        when 'page.view' then jsonb_build_object('path', (array['/home','/main/material-store','/search/materials','/material/detail','/help-center'])[1 + g % 5])
        when 'search' then case
          when g % 10 < 7 then jsonb_build_object('kind', 'text', 'keywords', (${textArray(WORDS)}::text[])[1 + g % ${WORDS.length}] || case when g % 13 = 0 then ' ' || (g % 97) else '' end,
            'results', case when g % 4 = 0 then 0 else g % 50 end, 'suppliers', ',' || (${firstCompany} + g % ${SUPPLIERS}) || ',' || (${firstCompany} + (g + 7) % ${SUPPLIERS}) || ',')
          when g % 10 < 9 then jsonb_build_object('kind', 'color', 'hex', (${textArray(HEXES)}::text[])[1 + g % ${HEXES.length}], 'tolerance', 10, 'results', g % 30)
          else jsonb_build_object('kind', 'photo', 'results', 30) end
        when 'material.view' then jsonb_build_object('materialId', g % 5000, 'supplierId', ${firstCompany} + g % ${SUPPLIERS})
        else jsonb_build_object('materialId', g % 5000) end,
      t, t
    from generate_series(1, ${total}) g
    cross join lateral (select now() - (g % (90 * 1440)) * interval '1 minute' as t) as ts
    cross join lateral (select case when g % 20 < 12 then 'page.view' when g % 20 < 16 then 'search' when g % 20 < 19 then 'material.view' else (array['collect','sampleBag.add','share.create'])[1 + g % 3] end as event) as e`);

  await db.execute(sql`
    insert into client_errors (session_id, kind, page, code, message, trace_hash, occurred_at, received_at)
    select 's' || g % ${SESSIONS}, 'api', (array['/sample-bag','/home','/material/detail','/applyRecordBuyer'])[1 + g % 4], 100500, 'Server error', md5((g % 37)::text), now() - (g % 129600) * interval '1 minute', now() - (g % 129600) * interval '1 minute'
    from generate_series(1, ${Math.round(total / 20)}) g`);

  // The sample bag's timeline and the requests that came of it, a third of them through every step.
  const lines = Math.round(total / 20);
  await db.execute(sql`
    insert into sample_bag_adds (user_id, supplier_company_id, at)
    select ${firstUser} + g % ${USERS}, ${firstCompany} + g % ${SUPPLIERS}, now() - (g % 129600) * interval '1 minute' from generate_series(1, ${lines}) g`);
  await db.execute(sql`
    with made as (
      insert into sample_requests (buyer_user_id, supplier_company_id, state, address, note, created_at)
      select ${firstUser} + g % ${USERS}, ${firstCompany} + g % ${SUPPLIERS}, 'received',
        '{"receiver":"林设计","phone":"13800138000","places":{"cn":["中国"],"en":["China"]},"detail":"一号","postcode":null}'::jsonb, '', now() - (g % 129000) * interval '1 minute'
      from generate_series(1, ${Math.round(lines / 3)}) g
      returning id, created_at
    ), items as (
      insert into sample_request_items (request_id, material_version, material_name, color_name, color_hex, quantity, added_to_bag_at)
      select id, 1, '头层牛皮', '黑色', '#111111', 1, created_at - interval '2 hours' from made, generate_series(1, 2)
      returning request_id
    )
    insert into sample_request_events (request_id, state, actor_side, at)
    select id, s.state, 'buyer', created_at + s.after from made
    cross join (values ('submitted', interval '0'), ('accepted', interval '3 hours'), ('shipped', interval '1 day'), ('received', interval '3 days')) as s(state, after)`);

  // Shares of suppliers' materials are not needed for the timing; opens per day are.
  await db.execute(sql`
    insert into shares (id, kind, owner_user_id, type, validity_type, view_range, is_sync, material_ids)
    select 'bench-share-' || g, (array['material','materials','folder','colorCard'])[1 + g % 4], ${firstUser} + g % ${USERS}, 1, 1, 1, 0, '[]'::jsonb from generate_series(1, 2000) g`);
  await db.execute(sql`
    insert into share_view_days (share_id, day, views)
    select 'bench-share-' || s, (now() at time zone 'UTC')::date - d, 1 + (s + d) % 5 from generate_series(1, 2000) s, generate_series(0, 89, 3) d`);
  await db.execute(sql`analyze`);
  console.log(`  seeded ${total.toLocaleString('en')} events and the rest in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return firstCompany;
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
async function time(name: string, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm: plans and the pool
  const ms: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  const median = sorted(ms)[Math.floor(ms.length / 2)] ?? 0;
  console.log(`  ${name.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   slowest ${(sorted(ms).at(-1) ?? 0).toFixed(1).padStart(7)} ms`);
  return median;
}

try {
  const supplier = await seed();
  for (const days of [30, 90]) {
    const range: InsightsRange = presetRange(days);
    console.log(`  — the last ${days} days`);
    await time('visits per day', () => countVisits(range));
    await time('searches by kind', () => countSearches(range));
    await time('top searched words', () => rankSearchWords(range, { limit: 20 }));
    await time('words that found nothing', () => rankSearchWords(range, { noResults: true, limit: 20 }));
    await time('top searched colors', () => rankSearchColors(range, { limit: 20 }));
    await time('detail views per supplier', () => countMaterialViews(range, { limit: 20, lang: 'cn' }));
    await time('sample funnel', () => measureSampleFunnel(range));
    await time('share opens', () => countShareOpens(range));
    await time('errors by page', () => countClientErrors(range, { limit: 20 }));
    const whole = await time('the whole dashboard', () => summarizeInsights(range, 'cn'));
    console.log(`  ${whole < 1000 ? 'within' : 'OVER'} the 1 s budget for the whole dashboard`);
  }
  await time('a supplier’s slice (30 days)', () => summarizeSupplierInsights(supplier, 'cn'));
} finally {
  await runtime.close();
}
