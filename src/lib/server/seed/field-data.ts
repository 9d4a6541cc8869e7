/**
 * Material fields (docs/product/catalogue.md#data dynamic material field, PF codes) and which level-1 categories use them. Types: 1 base,
 * 2 business, 3 feature, 4 other. Units follow docs/product/catalogue.md#rules (thickness unit 5, width unit 6 by default).
 */
type Field = readonly [code: string, type: 1 | 2 | 3 | 4, zh: string, en: string, schema: Record<string, unknown>];

export const FIELDS: readonly Field[] = [
  ['PF_NAME_CN', 1, '材料名称', 'Material name (Chinese)', { inputType: 'text', type: 'string', maxLength: 60 }],
  ['PF_NAME_EN', 1, '英文名称', 'Material name (English)', { inputType: 'text', type: 'string', maxLength: 120 }],
  ['PF_SERIAL_NO', 1, '货号', 'Serial number', { inputType: 'text', type: 'string', maxLength: 40 }],
  ['PF_COMPOSITION', 1, '成分', 'Composition', { inputType: 'text', type: 'string', maxLength: 200 }],
  ['PF_PRICE', 2, '价格', 'Price', { inputType: 'number', type: 'number', minimum: 0, maximum: 1000000, toFixed: 2 }],
  ['PF_SAMPLE_PRICE', 2, '样品价', 'Sample price', { inputType: 'number', type: 'number', minimum: 0, maximum: 100000, toFixed: 2 }],
  ['PF_CURRENCY', 2, '币种', 'Currency', { inputType: 'select', type: 'string', dictTypeCode: 'currency', defaultValue: 'CNY' }],
  ['PF_UNIT', 2, '计价单位', 'Price unit', { inputType: 'select', type: 'string', dictTypeCode: 'priceUnit', defaultValue: 'm' }],
  ['PF_MOQ', 2, '起订量', 'Minimum order quantity', { inputType: 'number', type: 'integer', minimum: 1, maximum: 10000000 }],
  ['PF_LEAD_TIME', 2, '交期（天）', 'Lead time (days)', { inputType: 'number', type: 'integer', minimum: 0, maximum: 365 }],
  ['PF_DEV_CYCLE', 2, '开发周期（天）', 'Development cycle (days)', { inputType: 'number', type: 'integer', minimum: 0, maximum: 365 }],
  ['PF_SHIP_FROM', 2, '发货地', 'Ships from', { inputType: 'address', type: 'string', maxLength: 80 }],
  ['PF_THICKNESS', 3, '厚度', 'Thickness', { inputType: 'numberGroup', type: 'number', minimum: 0, maximum: 100, toFixed: 2, defaultValue: { unit: 5 } }],
  ['PF_WIDTH', 3, '幅宽', 'Width', { inputType: 'numberGroup', type: 'number', minimum: 0, maximum: 1000, toFixed: 2, defaultValue: { unit: 6 } }],
  ['PF_GRAMMAGE', 3, '克重（g/m²）', 'Grammage (g/m²)', { inputType: 'number', type: 'number', minimum: 0, maximum: 5000, toFixed: 2 }],
  ['PF_LENGTH', 3, '长度', 'Length', { inputType: 'number', type: 'number', minimum: 0, maximum: 100000, toFixed: 2 }],
  ['PF_SIZE', 3, '尺寸', 'Size', { inputType: 'text', type: 'string', maxLength: 40 }],
  ['PF_AREA', 3, '面积（平方英尺）', 'Area (sq ft)', { inputType: 'number', type: 'number', minimum: 0, maximum: 1000, toFixed: 2 }],
  ['PF_OIL_CONTENT', 3, '含油量（%）', 'Oil content (%)', { inputType: 'number', type: 'number', minimum: 0, maximum: 100, toFixed: 2 }],
  ['PF_YARN', 3, '纱支比例', 'Yarn proportion', { inputType: 'text', type: 'string', maxLength: 80 }],
  ['PF_PRODUCT', 4, '适用产品', 'Applicable products', { inputType: 'multiSelect', type: 'array', dictTypeCode: 'leadingProduct' }],
  ['PF_SEASON', 4, '适用季节', 'Season', { inputType: 'radio', type: 'string', dictTypeCode: 'season', defaultValue: 1 }],
  ['PF_YEAR_SEASON', 4, '年份季', 'Year and season', { inputType: 'text', type: 'string', maxLength: 20 }],
];

const COMMON = ['PF_NAME_CN', 'PF_NAME_EN', 'PF_SERIAL_NO', 'PF_COMPOSITION', 'PF_PRICE', 'PF_SAMPLE_PRICE', 'PF_CURRENCY', 'PF_UNIT', 'PF_MOQ', 'PF_LEAD_TIME', 'PF_DEV_CYCLE', 'PF_SHIP_FROM', 'PF_PRODUCT', 'PF_SEASON', 'PF_YEAR_SEASON'];
const HIDES = ['PF_THICKNESS', 'PF_AREA'];
const TEXTILES = ['PF_WIDTH', 'PF_GRAMMAGE', 'PF_YARN'];

/** Level-1 category code → its fields beyond the common ones; `*` marks a required field. */
export const CATEGORY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  leather: [...HIDES, 'PF_OIL_CONTENT', '*PF_THICKNESS'],
  synthetic: [...HIDES, '*PF_THICKNESS', 'PF_WIDTH'],
  'suede-nubuck': [...HIDES, '*PF_THICKNESS'],
  woven: [...TEXTILES, '*PF_WIDTH', '*PF_GRAMMAGE'],
  knit: [...TEXTILES, '*PF_WIDTH', '*PF_GRAMMAGE'],
  mesh: [...TEXTILES, '*PF_WIDTH', 'PF_THICKNESS'],
  denim: [...TEXTILES, '*PF_WIDTH', '*PF_GRAMMAGE'],
  canvas: [...TEXTILES, '*PF_WIDTH', '*PF_GRAMMAGE'],
  lace: ['PF_WIDTH', 'PF_GRAMMAGE'],
  sole: ['*PF_THICKNESS', 'PF_SIZE'],
  trims: ['PF_SIZE', 'PF_LENGTH'],
};

/** Required in every category: the name (Chinese at home, English overseas) and the price. */
export const REQUIRED_BY_MARKET: Readonly<Record<1 | 2, readonly string[]>> = { 1: ['PF_NAME_CN', 'PF_PRICE'], 2: ['PF_NAME_EN', 'PF_PRICE'] };
export { COMMON as COMMON_FIELDS };
