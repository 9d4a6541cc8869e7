import { sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { indexText } from './tokenize';
import { publishedOn } from '../materials/published-material';
import { MARKET_TYPE } from '../../constants';

/** Terms longer than this are descriptions, not something to offer while typing. */
const MAX_TERM = 60;
const BATCH = 500;
/** Serialises rebuilds across app processes sharing one PostgreSQL server (any constant the app uses once). */
const LOCK_KEY = 0x5_06_06_e5;

type Term = { lang: string; norm: string; word: string; weight: number; categoryIds: number[] };

/**
 * Every term published materials carry, counted in SQL: per language and case-folded spelling, how many published
 * materials carry it (weight) and the leaf categories it occurs in most (at most 5, docs/product/constants.md). Sources: material names
 * (cn, en); the names and active aliases of each material's category and its level-1 parent; supplier names;
 * dictionary labels of the faceted attribute values (season, applicable product, ships-from). Each source is
 * grouped by category first, so the cost is a few scans of the published materials whatever the vocabulary size.
 * A material whose name is also, say, its category's name is counted once per source: weight is an upper bound
 * there, which is fine for ranking.
 */
const TERMS = sql`
  with pub as (
    select id, category_id, company_id, name_cn, name_en from materials where ${publishedOn(MARKET_TYPE.domestic)}
  ),
  per_category as (select category_id, count(*)::int as n from pub group by category_id),
  per_company as (select company_id, category_id, count(*)::int as n from pub group by company_id, category_id),
  category_words as (
    select c.id as leaf, x.lang, min(trim(x.word)) as word
    from categories c
    join categories a on a.id = c.id or a.id = c.parent_id
    left join catalogue_aliases al on al.source_type = 'category' || a.level and al.source_id = a.id and al.status = 1
    cross join lateral (values ('cn', a.name_cn), ('en', a.name_en), ('cn', al.alias_cn), ('en', al.alias_en)) as x(lang, word)
    where trim(coalesce(x.word, '')) <> ''
    group by c.id, x.lang, lower(trim(x.word))
  ),
  facet_counts as (
    select f.facet, f.value, p.category_id, count(*)::int as n
    from material_facets f join pub p on p.id = f.material_id
    where f.facet in ('season', 'product', 'shipFrom')
    group by f.facet, f.value, p.category_id
  ),
  facet_labels as (
    select 'season' as facet, item_value as value, label_cn, label_en from dictionary_items where type_code = 'season'
    union all select 'product', item_value, label_cn, label_en from dictionary_items where type_code = 'leadingProduct'
    union all select 'shipFrom', code, full_zh_name, full_en_name from address_nodes
  ),
  terms (lang, word, category_id, n) as (
    select 'cn', trim(name_cn), category_id, count(*)::int from pub group by trim(name_cn), category_id
    union all select 'en', trim(name_en), category_id, count(*)::int from pub group by trim(name_en), category_id
    union all select w.lang, w.word, p.category_id, p.n from per_category p join category_words w on w.leaf = p.category_id
    union all
      select x.lang, trim(x.word), pc.category_id, pc.n
      from per_company pc join companies co on co.id = pc.company_id
      cross join lateral (values ('cn', co.org_name), ('en', co.name_en)) as x(lang, word)
    union all
      select x.lang, trim(x.word), fc.category_id, fc.n
      from facet_counts fc join facet_labels l on l.facet = fc.facet and l.value = fc.value
      cross join lateral (values ('cn', l.label_cn), ('en', l.label_en)) as x(lang, word)
  ),
  kept as (
    select lang, lower(word) as norm, word, category_id, n from terms
    where word is not null and char_length(word) between 1 and ${MAX_TERM}
  ),
  spelling as (
    select distinct on (lang, norm) lang, norm, word from (select lang, norm, word, sum(n) as n from kept group by lang, norm, word) s
    order by lang, norm, n desc, word
  ),
  by_category as (
    select lang, norm, category_id, sum(n)::int as n, row_number() over (partition by lang, norm order by sum(n) desc, category_id) as r
    from kept group by lang, norm, category_id
  )
  select b.lang, b.norm, s.word, sum(b.n)::int as weight, array_agg(b.category_id order by b.r) filter (where b.r <= 5) as "categoryIds"
  from by_category b join spelling s using (lang, norm)
  group by b.lang, b.norm, s.word
`;

/** A JS array as one array parameter (drizzle would otherwise spread it into a list of parameters). */
const arr = (values: unknown[]) => sql.param(values);
const idsLiteral = (t: Term) => `{${t.categoryIds.join(',')}}`;
const key = (t: { lang: string; norm: string }) => `${t.lang}\u0000${t.norm}`;
const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Brings `search_suggestions` up to date with the published catalogue (docs/product/search.md#how-results-are-ranked suggestions).
 *
 * Strategy: the vocabulary is recounted in SQL from scratch (a handful of grouped scans, cheap even at 100k
 * materials) and compared with the stored rows; only the difference is written. Weights and categories are plain
 * updates; only new terms are tokenised (in the application, with the same `indexText` as material search text,
 * since PostgreSQL cannot split Chinese); vanished terms (a material unpublished, deleted or renamed) are deleted.
 * One transaction, so readers see the old vocabulary or the new one, never half of each; an advisory lock makes
 * concurrent rebuilds (several app processes) take turns. Returns what changed.
 */
export async function rebuildSuggestions(db: Database = getDb()): Promise<{ terms: number; inserted: number; updated: number; deleted: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const fresh = (await tx.execute<Term>(TERMS)).rows.map((r) => ({ ...r, categoryIds: (r.categoryIds ?? []).map(Number) }));
    const stored = new Map(
      (await tx.execute<{ lang: string; norm: string; weight: number; categoryIds: number[] }>(sql`select lang, norm, weight, category_ids as "categoryIds" from search_suggestions`)).rows.map((r) => [
        key(r),
        { weight: r.weight, categoryIds: r.categoryIds.map(Number) },
      ]),
    );
    const inserts: Term[] = [];
    const updates: Term[] = [];
    for (const term of fresh) {
      const old = stored.get(key(term));
      stored.delete(key(term));
      if (!old) inserts.push(term);
      else if (old.weight !== term.weight || !sameIds(old.categoryIds, term.categoryIds)) updates.push(term);
    }
    const gone = [...stored.keys()].map((k) => k.split('\u0000') as [string, string]);

    for (let i = 0; i < gone.length; i += BATCH) {
      const part = gone.slice(i, i + BATCH);
      await tx.execute(sql`delete from search_suggestions s using unnest(${arr(part.map((g) => g[0]))}::text[], ${arr(part.map((g) => g[1]))}::text[]) as d(lang, norm) where s.lang = d.lang and s.norm = d.norm`);
    }
    for (let i = 0; i < updates.length; i += BATCH) {
      const part = updates.slice(i, i + BATCH);
      // Category lists travel as '{1,2}' literals: unnest cannot take a ragged two-dimensional array.
      await tx.execute(sql`
        update search_suggestions s set weight = u.weight, category_ids = u.ids::bigint[]
        from unnest(${arr(part.map((t) => t.lang))}::text[], ${arr(part.map((t) => t.norm))}::text[], ${arr(part.map((t) => t.weight))}::int[], ${arr(part.map(idsLiteral))}::text[]) as u(lang, norm, weight, ids)
        where s.lang = u.lang and s.norm = u.norm`);
    }
    for (let i = 0; i < inserts.length; i += BATCH) {
      const part = inserts.slice(i, i + BATCH);
      await tx.execute(sql`
        insert into search_suggestions (lang, norm, word, weight, category_ids, tokens)
        select lang, norm, word, weight, ids::bigint[], to_tsvector('simple', tokens)
        from unnest(${arr(part.map((t) => t.lang))}::text[], ${arr(part.map((t) => t.norm))}::text[], ${arr(part.map((t) => t.word))}::text[], ${arr(part.map((t) => t.weight))}::int[], ${arr(part.map(idsLiteral))}::text[], ${arr(part.map((t) => indexText(t.word)))}::text[]) as u(lang, norm, word, weight, ids, tokens)`);
    }
    return { terms: fresh.length, inserted: inserts.length, updated: updates.length, deleted: gone.length };
  });
}
