/**
 * How the demo catalogue's materials are made up, per level-1 category: finishes that name them, compositions,
 * price and spec ranges a buyer would find plausible, the applicable products and the colors such a material comes in.
 */
type Pair = readonly [string, string];

export type CategoryRecipe = {
  finishes: readonly Pair[];
  compositions: readonly string[];
  unit: 'm' | 'yd' | 'sqft' | 'pair' | 'piece';
  price: readonly [number, number];
  thickness?: readonly [number, number];
  width?: readonly number[];
  grammage?: readonly [number, number];
  products: readonly string[];
  palette: keyof typeof PALETTES;
  serialPrefix: string;
};

/** [hex, 中文, English] */
export const PALETTES = {
  hides: [
    ['#1b1b1b', '黑色', 'Black'], ['#3b2418', '深咖', 'Dark brown'], ['#6f4e37', '咖啡', 'Coffee'], ['#8b5a2b', '棕褐', 'Tan'], ['#a0522d', '赭石', 'Sienna'],
    ['#c19a6b', '驼色', 'Camel'], ['#d8c3a5', '燕麦', 'Oat'], ['#f3efe6', '米白', 'Off-white'], ['#5a1f2b', '酒红', 'Burgundy'], ['#1f2a44', '藏青', 'Navy'],
    ['#4b5320', '军绿', 'Olive'], ['#7a7a7a', '烟灰', 'Smoke grey'], ['#b0413e', '砖红', 'Brick'], ['#e5d3b3', '奶茶', 'Latte'],
  ],
  fashion: [
    ['#111111', '黑色', 'Black'], ['#ffffff', '白色', 'White'], ['#c8102e', '正红', 'Red'], ['#ff6a13', '橙色', 'Orange'], ['#ffd100', '柠檬黄', 'Lemon'],
    ['#2e7d32', '森林绿', 'Forest green'], ['#00a3ad', '湖蓝', 'Lagoon'], ['#1f3a93', '宝蓝', 'Royal blue'], ['#6a1b9a', '紫罗兰', 'Violet'], ['#f4a6c0', '樱花粉', 'Blossom pink'],
    ['#9e9e9e', '中灰', 'Mid grey'], ['#d8c3a5', '卡其', 'Khaki'], ['#1b2a4a', '海军蓝', 'Navy'], ['#8fbc8f', '薄荷绿', 'Mint'], ['#b5651d', '焦糖', 'Caramel'],
    ['#e8e4d8', '象牙白', 'Ivory'], ['#7f1734', '莓红', 'Berry'], ['#556b2f', '橄榄绿', 'Olive'],
  ],
  denim: [
    ['#1c2841', '原色靛蓝', 'Raw indigo'], ['#2b3a67', '深蓝', 'Dark wash'], ['#3e5f8a', '中蓝', 'Mid wash'], ['#6c8ebf', '浅蓝', 'Light wash'],
    ['#9db4d6', '漂白蓝', 'Bleach'], ['#222222', '黑色', 'Black'], ['#5b5b5b', '灰黑', 'Grey-black'], ['#e9e4d4', '本白', 'Ecru'],
  ],
  soles: [
    ['#111111', '黑色', 'Black'], ['#f5f5f0', '白色', 'White'], ['#c68e17', '生胶色', 'Gum'], ['#8d6e63', '浅咖', 'Light brown'], ['#9e9e9e', '灰色', 'Grey'],
    ['#ff5722', '荧光橙', 'Volt orange'], ['#cddc39', '荧光绿', 'Volt green'], ['#1565c0', '蓝色', 'Blue'],
  ],
} as const;

/**
 * Where a level-2 category says what the material is made of, its compositions replace the level-1 recipe's, so a
 * sheepskin is never "100% cowhide" and an EVA foam never natural rubber.
 */
export const COMPOSITIONS_BY_CATEGORY: Readonly<Record<string, readonly string[]>> = {
  'full-grain': ['100% 牛皮 Cowhide'],
  'split-leather': ['100% 牛皮二层 Cowhide split'],
  sheepskin: ['100% 羊皮 Sheepskin'],
  pigskin: ['100% 猪皮 Pigskin'],
  'patent-leather': ['牛皮 / PU 漆面 Cowhide with PU patent finish'],
  'pu-leather': ['涤纶底布 PU 涂层 PU on PES'],
  microfiber: ['超纤 Microfiber PA/PU'],
  'pvc-leather': ['针织底布 PVC 涂层 PVC on knit'],
  'tpu-film': ['100% TPU'],
  suede: ['100% 牛皮 Cowhide', '100% 猪皮 Pigskin'],
  nubuck: ['100% 牛皮 Cowhide'],
  microsuede: ['超纤 Microfiber PA/PU'],
  rubber: ['天然橡胶 NR', '丁苯橡胶 SBR'],
  'eva-foam': ['EVA发泡 EVA foam'],
  'tpu-sole': ['TPU'],
  'pu-foam': ['PU发泡 PU foam'],
  eyelets: ['黄铜 Brass', '锌合金 Zinc alloy'],
  zippers: ['锌合金 Zinc alloy', '100% 锦纶 PA'],
  shoelaces: ['100% 涤纶 PES', '100% 棉 CO'],
  webbing: ['100% 涤纶 PES', '100% 棉 CO'],
  labels: ['100% 涤纶 PES'],
};

export const RECIPES: Readonly<Record<string, CategoryRecipe>> = {
  leather: {
    finishes: [['荔枝纹', 'Pebble-grain'], ['摔纹', 'Tumbled'], ['油蜡', 'Waxy pull-up'], ['纳帕', 'Nappa'], ['疯马', 'Crazy horse'], ['压花', 'Embossed'], ['水染', 'Aniline']],
    compositions: ['100% 牛皮 Cowhide', '100% 羊皮 Sheepskin', '100% 猪皮 Pigskin'],
    unit: 'sqft', price: [9, 42], thickness: [0.8, 2.2], products: ['leather-shoes', 'boots', 'casual-shoes', 'bags'], palette: 'hides', serialPrefix: 'LT',
  },
  synthetic: {
    finishes: [['哑光', 'Matte'], ['珠光', 'Pearlised'], ['仿皮纹', 'Leather-look'], ['镜面', 'Mirror'], ['透气', 'Breathable'], ['水性', 'Water-based']],
    compositions: ['涤纶底布 PU 涂层 PU on PES', '超纤 Microfiber PA/PU', '针织底布 PVC 涂层 PVC on knit', '100% TPU'],
    unit: 'm', price: [18, 85], thickness: [0.6, 1.6], width: [137, 140, 145], products: ['sports-shoes', 'casual-shoes', 'bags', 'apparel'], palette: 'fashion', serialPrefix: 'SY',
  },
  'suede-nubuck': {
    finishes: [['短绒', 'Short-nap'], ['防水', 'Water-repellent'], ['柔软', 'Soft-touch'], ['复古', 'Vintage'], ['细磨', 'Fine-sanded']],
    compositions: ['100% 牛皮 Cowhide', '100% 猪皮 Pigskin', '超纤 Microfiber PA/PU'],
    unit: 'sqft', price: [8, 36], thickness: [0.9, 1.8], products: ['casual-shoes', 'boots', 'bags'], palette: 'hides', serialPrefix: 'SD',
  },
  woven: {
    finishes: [['涂层', 'Coated'], ['防泼水', 'DWR'], ['再生涤纶', 'Recycled polyester'], ['高密', 'High-density'], ['双色', 'Two-tone'], ['哑光', 'Matte']],
    compositions: ['100% 涤纶 PES', '100% 锦纶 PA', '65/35 涤棉 PES/CO', '100% 再生涤纶 rPES'],
    unit: 'm', price: [12, 48], width: [145, 148, 150], grammage: [120, 320], products: ['apparel', 'sports-shoes', 'bags'], palette: 'fashion', serialPrefix: 'WV',
  },
  knit: {
    finishes: [['提花', 'Jacquard'], ['弹力', 'Stretch'], ['轻量', 'Lightweight'], ['双层', 'Double-layer'], ['渐变', 'Gradient']],
    compositions: ['100% 涤纶 PES', '90/10 锦纶氨纶 PA/EL', '95/5 棉氨纶 CO/EL'],
    unit: 'm', price: [16, 68], width: [140, 150, 160], grammage: [160, 420], products: ['sports-shoes', 'casual-shoes', 'apparel'], palette: 'fashion', serialPrefix: 'KN',
  },
  mesh: {
    finishes: [['透气', 'Breathable'], ['蜂窝', 'Honeycomb'], ['加厚', 'Heavyweight'], ['轻薄', 'Featherweight']],
    compositions: ['100% 涤纶 PES', '100% 锦纶 PA'],
    unit: 'm', price: [10, 40], thickness: [1.5, 5], width: [145, 150], grammage: [180, 380], products: ['sports-shoes', 'bags'], palette: 'fashion', serialPrefix: 'MS',
  },
  denim: {
    finishes: [['水洗', 'Washed'], ['竹节', 'Slub'], ['石磨', 'Stone-washed'], ['复古', 'Vintage'], ['左斜', 'Left-hand twill']],
    compositions: ['100% 棉 CO', '98/2 棉氨纶 CO/EL', '80/20 棉涤 CO/PES'],
    unit: 'yd', price: [22, 75], width: [145, 150, 155], grammage: [280, 480], products: ['apparel', 'casual-shoes', 'bags'], palette: 'denim', serialPrefix: 'DN',
  },
  canvas: {
    finishes: [['重磅', 'Heavyweight'], ['水洗', 'Washed'], ['防水', 'Waterproof'], ['有机棉', 'Organic cotton'], ['油蜡', 'Waxed']],
    compositions: ['100% 棉 CO', '100% 有机棉 Organic CO', '60/40 棉涤 CO/PES'],
    unit: 'm', price: [14, 52], width: [145, 150], grammage: [240, 560], products: ['casual-shoes', 'bags', 'apparel'], palette: 'fashion', serialPrefix: 'CV',
  },
  lace: {
    finishes: [['花卉', 'Floral'], ['几何', 'Geometric'], ['复古', 'Vintage'], ['弹力', 'Stretch']],
    compositions: ['100% 锦纶 PA', '90/10 锦纶氨纶 PA/EL', '100% 棉 CO'],
    unit: 'm', price: [20, 120], width: [120, 135, 150], grammage: [60, 180], products: ['apparel', 'sandals'], palette: 'fashion', serialPrefix: 'LC',
  },
  sole: {
    finishes: [['耐磨', 'Abrasion-resistant'], ['防滑', 'Slip-resistant'], ['轻量', 'Lightweight'], ['高回弹', 'High-rebound']],
    compositions: ['天然橡胶 NR', 'EVA发泡 EVA foam', 'TPU', 'PU发泡 PU foam'],
    unit: 'pair', price: [6, 38], thickness: [3, 30], products: ['sports-shoes', 'casual-shoes', 'boots', 'sandals'], palette: 'soles', serialPrefix: 'SL',
  },
  trims: {
    finishes: [['圆', 'Round'], ['扁', 'Flat'], ['反光', 'Reflective'], ['金属', 'Metal'], ['编织', 'Braided']],
    compositions: ['100% 涤纶 PES', '100% 棉 CO', '黄铜 Brass', '锌合金 Zinc alloy'],
    unit: 'piece', price: [0.2, 6], products: ['sports-shoes', 'casual-shoes', 'apparel', 'bags'], palette: 'fashion', serialPrefix: 'TR',
  },
};

export const SEASONS = ['1', '2', '3'] as const;
export const YEAR_SEASONS = ['2025AW', '2026SS', '2026AW', '2027SS'] as const;
