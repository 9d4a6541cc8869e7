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

/** Dictionaries cached by the client (§3): leadingProduct, businessModel, corpType, bizScope. */
export const DICTIONARIES: Readonly<Record<string, readonly Entry[]>> = {
  leadingProduct: [['sports-shoes', '运动鞋', 'Sports shoes'], ['casual-shoes', '休闲鞋', 'Casual shoes'], ['leather-shoes', '皮鞋', 'Leather shoes'], ['boots', '靴子', 'Boots'], ['sandals', '凉鞋', 'Sandals'], ['apparel', '服装', 'Apparel'], ['bags', '箱包', 'Bags']],
  businessModel: [['manufacturer', '生产厂家', 'Manufacturer'], ['trader', '贸易商', 'Trader'], ['agent', '代理商', 'Agent'], ['brand', '品牌商', 'Brand']],
  corpType: [['limited', '有限责任公司', 'Limited company'], ['joint-stock', '股份有限公司', 'Joint-stock company'], ['sole-proprietor', '个体工商户', 'Sole proprietor'], ['foreign-invested', '外资企业', 'Foreign-invested company']],
  bizScope: [['leather', '皮革', 'Leather'], ['textiles', '纺织面料', 'Textiles'], ['synthetics', '合成材料', 'Synthetics'], ['soles', '鞋底', 'Soles'], ['trims', '辅料', 'Trims']],
};
