import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import { env } from '../env';
import { renderTexture, textureKindForCategory, type TextureKind } from './textures';
import { mulberry32 } from './textures/fields';
import { storeImage, type StoredImage } from '../images/store-image';
import { saveMaterial } from '../materials/save-material';
import type { Database } from '../db/client';
import { categories, companies, materials, merchantProfiles } from '../db/schema';
import { COMPOSITIONS_BY_CATEGORY, PALETTES, RECIPES, SEASONS, YEAR_SEASONS, type CategoryRecipe } from './materials-data';
import { DEMO_SUPPLIER_TRADES, MERCHANTS, TRADES, type Trade } from './merchants-data';

/** Texture originals: the gallery shows them at up to 560 CSS px; 800 keeps the first start short. */
const TEXTURE_SIZE = 800;
const VARIANTS = 2;
const IN_FLIGHT = 4;

export type MaterialPlan = {
  companyId: number;
  categoryId: number;
  kind: TextureKind;
  variant: number;
  cards: { name: string; hex: string; isDefault: boolean; renderingStatus: number }[];
  nameCn: string;
  nameEn: string;
  serialNo: string;
  attrs: Record<string, unknown>;
  marketTypes: number[];
  createdAt: Date;
};

/**
 * What the i-th demo material is: a merchant (round robin), a category its trade makes, a name, specifications and
 * 2-8 colors. Seeded per material, so the demo catalogue is the same on every machine. Null without merchants.
 */
export async function materialPlanner(db: Database): Promise<((i: number) => MaterialPlan | null) | null> {
  const merchants = await db
    .select({ id: companies.id, orgName: companies.orgName, province: companies.addressProvince })
    .from(companies)
    .innerJoin(merchantProfiles, eq(merchantProfiles.companyId, companies.id))
    .where(and(eq(companies.role, USER_TYPE.supplier), eq(companies.isPersonal, false), isNotNull(companies.addressProvince)))
    .orderBy(asc(companies.id));
  if (merchants.length === 0) return null;
  const tradeOf = new Map<string, Trade>([...MERCHANTS.map((m) => [m.orgName, m.trade] as const), ...Object.entries(DEMO_SUPPLIER_TRADES).map(([name, d]) => [name, d.trade] as const)]);
  const cats = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
  const roots = new Map(cats.filter((c) => c.level === 1).map((c) => [c.code, c]));
  const now = Date.now();
  return (i) => {
    const random = mulberry32(7919 * (i + 1));
    const merchant = merchants[i % merchants.length];
    if (!merchant) return null;
    const rootCodes = TRADES[tradeOf.get(merchant.orgName) ?? 'weaving'].categories;
    const root = roots.get(pick(rootCodes, random));
    const recipe = root ? RECIPES[root.code] : undefined;
    if (!root || !recipe) return null;
    const children = cats.filter((c) => c.parentId === root.id);
    const category = children[Math.floor(random() * children.length)] ?? root;
    const palette = shuffle([...PALETTES[recipe.palette]], random).slice(0, 2 + Math.floor(random() * 7));
    const [finishCn, finishEn] = pick(recipe.finishes, random);
    // Asked of the generator in the order it always was, so the same seed still gives the same catalogue.
    const variant = Math.floor(random() * VARIANTS);
    const cards = palette.map(([hex, cn, en], sort) => ({
      name: `C${String(sort + 1).padStart(2, '0')} ${cn} ${en}`,
      hex,
      isDefault: sort === 0,
      // A few cards still rendering or failed, so the rendering states show (docs/product/catalogue.md#states rendering).
      renderingStatus: random() < 0.04 ? (random() < 0.5 ? 1 : 3) : 2,
    }));
    const attrs = attributes(recipe, merchant.province ?? 'CN-GD', random, COMPOSITIONS_BY_CATEGORY[category.code]);
    const marketTypes = random() < 0.3 ? [1, 2] : [1];
    return {
      companyId: merchant.id,
      categoryId: category.id,
      kind: textureKindForCategory(category.code),
      variant,
      cards,
      nameCn: `${finishCn}${category.nameCn}`,
      // "Pebble-grain sheepskin", but "Water-based TPU film": only a capital that starts a word is lowered.
      nameEn: `${finishEn} ${category.nameEn.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}`,
      serialNo: `${recipe.serialPrefix}-${26_000 + i}`,
      // Every other material sold abroad too is priced in dollars, so both markets show both currencies
      // (docs/product/markets.md#prices). Chosen by position, not by the generator, so nothing else changes.
      attrs: marketTypes.includes(2) && i % 2 === 0 ? inDollars(attrs) : attrs,
      marketTypes,
      createdAt: new Date(now - Math.floor(random() * 180 * 86_400_000)),
    };
  };
}

/**
 * About six hundred materials spread over the merchants, with a generated texture per color card (recolored to
 * the card's color). Runs only on a catalogue without materials; `SEED_MATERIALS` changes the count.
 */
export async function seedMaterials(db: Database, total = env().SEED_MATERIALS): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(materials);
  if ((existing?.n ?? 0) > 0 || total <= 0) return 0;
  const plan = await materialPlanner(db);
  if (!plan) return 0;

  // Materials of one kind share a texture per color and variant: rendered and stored once.
  const textures = new Map<string, Promise<StoredImage>>();
  const texture = (kind: TextureKind, hex: string, variant: number, companyId: number) => {
    const key = `${kind}:${hex}:${variant}`;
    let image = textures.get(key);
    if (!image) {
      image = renderTexture(kind, hex, variant, TEXTURE_SIZE).then((b) => storeImage(b, { companyId }));
      textures.set(key, image);
    }
    return image;
  };

  let next = 0;
  const worker = async () => {
    for (let i = next++; i < total; i = next++) {
      const p = plan(i);
      if (!p) continue;
      const colorCards = await Promise.all(p.cards.map(async (card) => ({ ...card, images: [await texture(p.kind, card.hex, p.variant, p.companyId)] })));
      await saveMaterial(
        { companyId: p.companyId, creatorId: null, categoryId: p.categoryId, nameCn: p.nameCn, nameEn: p.nameEn, serialNo: p.serialNo, attrs: p.attrs, colorCards, enclosure: [], marketTypes: p.marketTypes },
        { createdAt: p.createdAt },
      );
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return total;
}

/** A supplier's rough dollar list price for a yuan one. */
const YUAN_PER_DOLLAR = 7.2;

function inDollars(attrs: Record<string, unknown>): Record<string, unknown> {
  const dollars = (yuan: unknown) => (typeof yuan === 'number' ? Number((yuan / YUAN_PER_DOLLAR).toFixed(2)) : yuan);
  return { ...attrs, PF_PRICE: dollars(attrs.PF_PRICE), PF_SAMPLE_PRICE: dollars(attrs.PF_SAMPLE_PRICE), PF_CURRENCY: 'USD' };
}

function attributes(recipe: CategoryRecipe, province: string, random: () => number, compositions: readonly string[] = recipe.compositions): Record<string, unknown> {
  const between = ([lo, hi]: readonly [number, number], decimals = 2) => Number((lo + random() * (hi - lo)).toFixed(decimals));
  const price = between(recipe.price);
  const attrs: Record<string, unknown> = {
    PF_COMPOSITION: pick(compositions, random),
    PF_PRICE: price,
    PF_SAMPLE_PRICE: Number((price * 1.5).toFixed(2)),
    PF_CURRENCY: 'CNY',
    PF_UNIT: recipe.unit,
    PF_MOQ: [50, 100, 200, 300, 500, 1000][Math.floor(random() * 6)],
    PF_LEAD_TIME: 7 + Math.floor(random() * 38),
    PF_DEV_CYCLE: 3 + Math.floor(random() * 12),
    PF_SHIP_FROM: province,
    PF_PRODUCT: shuffle([...recipe.products], random).slice(0, 1 + Math.floor(random() * 2)),
    PF_SEASON: pick(SEASONS, random),
    PF_YEAR_SEASON: pick(YEAR_SEASONS, random),
  };
  if (recipe.thickness) attrs.PF_THICKNESS = { value: between(recipe.thickness, 1), unit: 5 };
  if (recipe.width) attrs.PF_WIDTH = { value: pick(recipe.width, random), unit: 6 };
  if (recipe.grammage) attrs.PF_GRAMMAGE = Math.round(between(recipe.grammage, 0) / 5) * 5;
  if (recipe.unit === 'sqft') attrs.PF_OIL_CONTENT = between([3, 12], 1);
  return attrs;
}

function pick<T>(list: readonly T[], random: () => number): T {
  const value = list[Math.floor(random() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}
