/**
 * The search synonyms (docs/product/search.md#synonyms): words that mean the same thing to a buyer, in Chinese and
 * English. A query word that is one of a group's words matches whatever any word of the group matches, so 麂皮 finds
 * what suede finds and 红色 what red finds. A color word also matches every material with a card of that color
 * family, a season word every material of that season, and 新品 every material new in the store.
 *
 * Each word belongs to one group. A Chinese word is written as one run of characters; an English word as one or
 * more words (punctuation between them is ignored: "full-grain" and "full grain" are the same). Single Chinese
 * characters (红, 黑) are recognised as the group when typed on their own, but are not searched for as text: one
 * character occurs in too many unrelated words (黄 in 黄铜, brass).
 */
import type { MaterialFacet } from '../../contracts/materials';

export type SynonymGroup = {
  cn: readonly string[];
  en: readonly string[];
  /** Materials with this facet value match the group too. */
  facet?: { facet: Extract<MaterialFacet, 'colorFamily' | 'season'>; value: string };
  /** Materials new in the store (created within NEW_MATERIAL_DAYS) match the group too. */
  recent?: true;
};

const color = (value: string, cn: string[], en: string[]): SynonymGroup => ({ cn, en, facet: { facet: 'colorFamily', value } });
const season = (value: string, cn: string[], en: string[]): SynonymGroup => ({ cn, en, facet: { facet: 'season', value } });

export const SYNONYMS: readonly SynonymGroup[] = [
  // Materials and constructions.
  { cn: ['麂皮', '反绒皮', '反毛皮', '翻毛皮', '绒面皮', '绒面革'], en: ['suede'] },
  { cn: ['磨砂皮'], en: ['nubuck'] },
  { cn: ['牛皮', '黄牛皮'], en: ['cowhide', 'cow leather'] },
  { cn: ['头层牛皮', '头层皮', '头层'], en: ['full-grain', 'full-grain leather'] },
  { cn: ['二层皮', '二层'], en: ['split leather'] },
  { cn: ['羊皮'], en: ['sheepskin', 'lambskin'] },
  { cn: ['猪皮'], en: ['pigskin'] },
  { cn: ['漆皮'], en: ['patent leather'] },
  { cn: ['纳帕', '纳帕皮'], en: ['nappa'] },
  { cn: ['皮革'], en: ['leather'] },
  { cn: ['超纤', '超纤革', '超纤皮', '超细纤维'], en: ['microfiber', 'microfibre'] },
  { cn: ['人造革', '合成革', '仿皮'], en: ['faux leather', 'synthetic leather', 'synthetics'] },
  { cn: ['飞织', '飞线'], en: ['flyknit', 'fly knit', 'flyweave'] },
  { cn: ['网布', '网眼布', '网眼'], en: ['mesh'] },
  { cn: ['三明治网布', '三明治'], en: ['sandwich mesh', 'sandwich'] },
  { cn: ['牛仔布', '牛仔'], en: ['denim'] },
  { cn: ['帆布'], en: ['canvas'] },
  { cn: ['蕾丝'], en: ['lace'] },
  { cn: ['针织', '针织布'], en: ['knit', 'knitted'] },
  { cn: ['梭织'], en: ['woven'] },
  { cn: ['橡胶'], en: ['rubber'] },
  { cn: ['涤纶', '聚酯纤维'], en: ['polyester'] },
  { cn: ['锦纶', '尼龙'], en: ['nylon', 'polyamide'] },
  { cn: ['纯棉', '棉'], en: ['cotton'] },
  { cn: ['氨纶'], en: ['spandex', 'elastane'] },
  { cn: ['透气'], en: ['breathable'] },
  { cn: ['防水'], en: ['waterproof'] },
  { cn: ['拉链'], en: ['zipper', 'zip'] },
  { cn: ['鞋带'], en: ['shoelace', 'shoelaces', 'laces'] },
  { cn: ['织带'], en: ['webbing'] },

  // Colors: the word, and the family of the cards (docs/product/search.md#families).
  color('red', ['红色', '红色系', '红'], ['red', 'reds']),
  color('orange', ['橙色', '橙色系', '橘色', '橙'], ['orange', 'oranges']),
  color('yellow', ['黄色', '黄色系', '黄'], ['yellow', 'yellows']),
  color('green', ['绿色', '绿色系', '绿'], ['green', 'greens']),
  color('cyan', ['青色', '青色系', '青'], ['cyan', 'cyans', 'teal']),
  color('blue', ['蓝色', '蓝色系', '蓝'], ['blue', 'blues']),
  color('purple', ['紫色', '紫色系', '紫'], ['purple', 'purples']),
  color('pink', ['粉色', '粉色系', '粉红', '粉红色', '粉'], ['pink', 'pinks']),
  color('brown', ['棕色', '棕色系', '咖啡色', '褐色', '啡色', '棕'], ['brown', 'browns']),
  color('beige', ['米色', '米色系', '卡其色', '杏色'], ['beige', 'beiges', 'khaki']),
  color('white', ['白色', '白色系', '白'], ['white', 'whites']),
  color('grey', ['灰色', '灰色系', '灰'], ['grey', 'gray', 'greys', 'grays']),
  color('black', ['黑色', '黑色系', '黑'], ['black', 'blacks']),

  // Seasons: the word, and the season attribute (the season dictionary's codes).
  season('1', ['春夏', '春夏季', '春夏款'], ['spring/summer', 'ss']),
  season('2', ['秋冬', '秋冬季', '秋冬款'], ['autumn/winter', 'fall/winter', 'aw', 'fw']),
  season('3', ['四季', '四季款', '全季'], ['all seasons', 'all season', 'four seasons']),

  // New in the store.
  { cn: ['新品', '新款', '上新'], en: ['new arrivals', 'new arrival'], recent: true },
];
