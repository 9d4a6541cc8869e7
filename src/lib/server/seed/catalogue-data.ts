/** The demo taxonomy: what a footwear and apparel material library actually files materials under. [code, 中文, English] */
type Entry = readonly [string, string, string];

export const CATEGORY_TREE: ReadonlyArray<readonly [Entry, readonly Entry[]]> = [
  [['leather', '皮革', 'Leather'], [['full-grain', '头层牛皮', 'Full-grain cowhide'], ['split-leather', '二层皮', 'Split leather'], ['sheepskin', '羊皮', 'Sheepskin'], ['pigskin', '猪皮', 'Pigskin'], ['patent-leather', '漆皮', 'Patent leather']]],
  [['synthetic', '合成革', 'Synthetics'], [['pu-leather', 'PU 革', 'PU leather'], ['microfiber', '超纤革', 'Microfiber leather'], ['pvc-leather', 'PVC 革', 'PVC leather'], ['tpu-film', 'TPU 膜', 'TPU film']]],
  [['suede-nubuck', '绒面革', 'Suede and nubuck'], [['suede', '反绒皮', 'Suede'], ['nubuck', '磨砂皮', 'Nubuck'], ['microsuede', '超纤绒面', 'Microsuede']]],
  [['woven', '梭织面料', 'Woven fabrics'], [['twill', '斜纹布', 'Twill'], ['oxford', '牛津布', 'Oxford'], ['ripstop', '格子防撕布', 'Ripstop'], ['satin', '缎纹布', 'Satin']]],
  [['knit', '针织面料', 'Knit fabrics'], [['flyknit', '飞织', 'Flyknit'], ['jersey', '汗布', 'Jersey'], ['spacer-knit', '空气层', 'Spacer knit'], ['rib-knit', '罗纹', 'Rib knit']]],
  [['mesh', '网布', 'Mesh'], [['sandwich-mesh', '三明治网布', 'Sandwich mesh'], ['air-mesh', '气眼网布', 'Air mesh'], ['warp-knit-mesh', '经编网布', 'Warp-knit mesh']]],
  [['denim', '牛仔布', 'Denim'], [['raw-denim', '原色牛仔', 'Raw denim'], ['stretch-denim', '弹力牛仔', 'Stretch denim'], ['selvedge-denim', '赤耳牛仔', 'Selvedge denim']]],
  [['canvas', '帆布', 'Canvas'], [['cotton-canvas', '纯棉帆布', 'Cotton canvas'], ['waxed-canvas', '油蜡帆布', 'Waxed canvas'], ['duck-canvas', '鸭帆布', 'Duck canvas']]],
  [['lace', '蕾丝', 'Lace'], [['chemical-lace', '水溶蕾丝', 'Chemical lace'], ['eyelash-lace', '睫毛蕾丝', 'Eyelash lace'], ['guipure-lace', '镂空蕾丝', 'Guipure lace']]],
  [['sole', '鞋底材料', 'Rubber and EVA'], [['rubber', '橡胶', 'Rubber'], ['eva-foam', 'EVA 发泡', 'EVA foam'], ['tpu-sole', 'TPU', 'TPU'], ['pu-foam', 'PU 发泡', 'PU foam']]],
  [['trims', '辅料', 'Trims'], [['shoelaces', '鞋带', 'Shoelaces'], ['webbing', '织带', 'Webbing'], ['eyelets', '鞋眼扣', 'Eyelets'], ['zippers', '拉链', 'Zippers'], ['labels', '商标', 'Labels']]],
];

/** Dictionaries cached by the client (docs/product/catalogue.md#data): leadingProduct, businessModel, corpType, bizScope. */
export const DICTIONARIES: Readonly<Record<string, readonly Entry[]>> = {
  leadingProduct: [['sports-shoes', '运动鞋', 'Sports shoes'], ['casual-shoes', '休闲鞋', 'Casual shoes'], ['leather-shoes', '皮鞋', 'Leather shoes'], ['boots', '靴子', 'Boots'], ['sandals', '凉鞋', 'Sandals'], ['apparel', '服装', 'Apparel'], ['bags', '箱包', 'Bags']],
  businessModel: [['manufacturer', '生产厂家', 'Manufacturer'], ['trader', '贸易商', 'Trader'], ['agent', '代理商', 'Agent'], ['brand', '品牌商', 'Brand']],
  corpType: [['limited', '有限责任公司', 'Limited company'], ['joint-stock', '股份有限公司', 'Joint-stock company'], ['sole-proprietor', '个体工商户', 'Sole proprietor'], ['foreign-invested', '外资企业', 'Foreign-invested company']],
  bizScope: [['leather', '皮革', 'Leather'], ['textiles', '纺织面料', 'Textiles'], ['synthetics', '合成材料', 'Synthetics'], ['soles', '鞋底', 'Soles'], ['trims', '辅料', 'Trims']],
  season: [['1', '春夏', 'Spring/summer'], ['2', '秋冬', 'Autumn/winter'], ['3', '四季', 'All seasons']],
  currency: [['CNY', '人民币', 'Chinese yuan'], ['USD', '美元', 'US dollar']],
  priceUnit: [['m', '米', 'metre'], ['yd', '码', 'yard'], ['sqft', '平方英尺', 'sq ft'], ['pair', '双', 'pair'], ['piece', '个', 'piece'], ['kg', '千克', 'kg']],
  colorFamily: [
    ['red', '红色系', 'Reds'], ['orange', '橙色系', 'Oranges'], ['yellow', '黄色系', 'Yellows'], ['green', '绿色系', 'Greens'], ['cyan', '青色系', 'Cyans'],
    ['blue', '蓝色系', 'Blues'], ['purple', '紫色系', 'Purples'], ['pink', '粉色系', 'Pinks'], ['brown', '棕色系', 'Browns'], ['beige', '米色系', 'Beiges'],
    ['white', '白色系', 'Whites'], ['grey', '灰色系', 'Greys'], ['black', '黑色系', 'Blacks'],
  ],
};

/**
 * Industry aliases (docs/product/catalogue.md#data category/field alias) shown when a user turns aliases on: the trade names buyers and
 * factories actually use. [source type, category code or PF field code, alias 中文, alias English]
 */
export const ALIASES: ReadonlyArray<readonly ['category1' | 'category2' | 'field', string, string, string]> = [
  ['category1', 'synthetic', '人造革', 'Faux leather'],
  ['category1', 'sole', '大底材料', 'Outsole compounds'],
  ['category1', 'trims', '五金辅料', 'Findings'],
  ['category2', 'full-grain', '纳帕', 'Nappa'],
  ['category2', 'split-leather', '贴膜二层', 'Coated split'],
  ['category2', 'microfiber', '超纤', 'Microfibre'],
  ['category2', 'pu-leather', '西皮', 'PU synthetic'],
  ['category2', 'suede', '猪巴', 'Reverse suede'],
  ['category2', 'nubuck', '磨砂', 'Sanded leather'],
  ['category2', 'flyknit', '飞线', 'Flyweave'],
  ['category2', 'sandwich-mesh', '三明治', 'Sandwich'],
  ['category2', 'spacer-knit', '3D 网布', '3D spacer'],
  ['category2', 'eva-foam', '发泡底', 'Phylon'],
  ['category2', 'chemical-lace', '水溶花', 'Guipure embroidery'],
  ['field', 'PF_GRAMMAGE', '克重', 'GSM'],
  ['field', 'PF_MOQ', 'MOQ', 'MOQ'],
  ['field', 'PF_SERIAL_NO', '编号', 'Article no.'],
  ['field', 'PF_THICKNESS', '厚薄', 'Gauge'],
  ['field', 'PF_WIDTH', '门幅', 'Cuttable width'],
];
