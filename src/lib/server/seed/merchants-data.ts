/**
 * The demo merchants: supplier companies in the real sourcing hubs of the trade, each with the kinds of material
 * such a mill or tannery makes. Names are invented; places and specialities are what a buyer would expect there.
 */
export type Trade = 'tannery' | 'synthetics' | 'suede' | 'weaving' | 'denim' | 'knitting' | 'lace' | 'soles' | 'trims';

/** What every merchant of a trade has in common. Texts are [中文, English]. */
export type TradeProfile = {
  /** Level-1 category codes it publishes under; the first gives its banner's texture. */
  categories: readonly string[];
  /** Its business scope (the bizScope dictionary). */
  scope: string;
  mainProducts: readonly string[];
  /** What follows city and brand in the company's name. */
  nameSuffix: readonly [string, string];
  slogan: readonly [string, string];
  introduction: readonly [string, string];
};

export const TRADES: Readonly<Record<Trade, TradeProfile>> = {
  tannery: {
    categories: ['leather', 'suede-nubuck'],
    scope: 'leather',
    mainProducts: ['leather-shoes', 'boots', 'bags'],
    nameSuffix: ['皮革有限公司', 'Leather Co., Ltd.'],
    slogan: ['自有制革厂，三十道工序把控每一张皮', 'Our own tannery: thirty steps behind every hide'],
    introduction: ['专业生产鞋面革与箱包革，自有鞣制与涂饰车间，年产能三百万平方英尺，为国内外运动与休闲品牌供货。', 'Makes shoe-upper and bag leathers in its own tanning and finishing plant, three million square feet a year, for sports and casual brands at home and abroad.'],
  },
  synthetics: {
    categories: ['synthetic'],
    scope: 'synthetics',
    mainProducts: ['sports-shoes', 'casual-shoes', 'apparel'],
    nameSuffix: ['新材料科技有限公司', 'New Materials Technology Co., Ltd.'],
    slogan: ['环保水性 PU，REACH 与 GRS 认证', 'Water-based PU, REACH and GRS certified'],
    introduction: ['专注环保型 PU 与超纤材料研发，拥有干法、湿法生产线各四条，可按品牌色卡快速打样。', 'Develops eco PU and microfiber materials on four dry and four wet lines, and matches brand color cards quickly.'],
  },
  suede: {
    categories: ['suede-nubuck', 'leather'],
    scope: 'leather',
    mainProducts: ['leather-shoes', 'boots', 'bags'],
    nameSuffix: ['绒面皮革有限公司', 'Suede Leather Co., Ltd.'],
    slogan: ['细腻绒感，色牢度四级以上', 'Fine nap, color fastness grade 4 and above'],
    introduction: ['绒面与磨砂皮专业厂，磨革与染色工艺稳定，适合休闲鞋、靴子与箱包。', 'A suede and nubuck specialist with steady buffing and dyeing, for casual shoes, boots and bags.'],
  },
  weaving: {
    categories: ['woven', 'canvas'],
    scope: 'textiles',
    mainProducts: ['sports-shoes', 'casual-shoes', 'apparel'],
    nameSuffix: ['纺织有限公司', 'Textile Co., Ltd.'],
    slogan: ['千台剑杆织机，七天快反打样', 'A thousand rapier looms, samples in seven days'],
    introduction: ['梭织面料工厂，覆盖尼龙、涤纶与混纺，提供涂层、防泼水与复合加工。', 'A woven-fabric mill in nylon, polyester and blends, with coating, DWR and laminating.'],
  },
  denim: {
    categories: ['denim', 'canvas'],
    scope: 'textiles',
    mainProducts: ['apparel'],
    nameSuffix: ['牛仔布业有限公司', 'Denim Mills Co., Ltd.'],
    slogan: ['从纱线到成布的一体化牛仔工厂', 'Integrated denim: from yarn to finished fabric'],
    introduction: ['一体化牛仔布工厂，从纺纱、染色到织造和后整理全流程自有。', 'An integrated denim mill: spinning, dyeing, weaving and finishing in house.'],
  },
  knitting: {
    categories: ['knit', 'mesh'],
    scope: 'textiles',
    mainProducts: ['sports-shoes', 'casual-shoes', 'apparel'],
    nameSuffix: ['针织科技有限公司', 'Knitting Technology Co., Ltd.'],
    slogan: ['飞织鞋面一体成型，支持小单定制', 'Engineered flyknit uppers, small runs welcome'],
    introduction: ['专业生产飞织鞋面、空气层与三明治网布，电脑横机三百台。', 'Makes flyknit uppers, spacer and sandwich meshes on three hundred computerised flat and warp machines.'],
  },
  lace: {
    categories: ['lace'],
    scope: 'textiles',
    mainProducts: ['apparel'],
    nameSuffix: ['花边织造有限公司', 'Lace Weaving Co., Ltd.'],
    slogan: ['原创花型每月上新', 'Original lace designs every month'],
    introduction: ['原创花边设计与织造，涵盖水溶、睫毛与经编蕾丝。', 'Designs and weaves original lace: chemical, eyelash and warp-knit.'],
  },
  soles: {
    categories: ['sole'],
    scope: 'soles',
    mainProducts: ['sports-shoes', 'casual-shoes'],
    nameSuffix: ['鞋材有限公司', 'Footwear Components Co., Ltd.'],
    slogan: ['大底研发与模具开发一站式', 'Outsole development and moulds under one roof'],
    introduction: ['鞋底研发制造一体，橡胶、EVA、TPU 与 PU 大底全覆盖。', 'Develops and makes outsoles in rubber, EVA, TPU and PU.'],
  },
  trims: {
    categories: ['trims'],
    scope: 'trims',
    mainProducts: ['sports-shoes', 'casual-shoes', 'apparel'],
    nameSuffix: ['辅料有限公司', 'Trims Co., Ltd.'],
    slogan: ['鞋服辅料一站式配套', 'Every trim a shoe or garment needs'],
    introduction: ['鞋服辅料一站式供应：鞋带、织带、鞋眼扣、拉链与商标。', 'One-stop trims: laces, webbing, eyelets, zips and labels.'],
  },
};

/** [brand 中文, brand English, city code, trade, founded, choiceness] */
type Row = readonly [string, string, string, Trade, number, boolean?];

const ROWS: readonly Row[] = [
  ['鑫源', 'Xinyuan', 'CN-GD-DG', 'tannery', 2003, true],
  ['宏达', 'Hongda', 'CN-GD-GZ', 'tannery', 1998],
  ['永盛', 'Yongsheng', 'CN-HE-XJ', 'tannery', 1995],
  ['金鹏', 'Jinpeng', 'CN-ZJ-WZ', 'tannery', 2006, true],
  ['锦程', 'Jincheng', 'CN-FJ-QZ', 'synthetics', 2010, true],
  ['优品', 'Youpin', 'CN-GD-DG', 'synthetics', 2012],
  ['联创', 'Lianchuang', 'CN-JS-SZ', 'synthetics', 2008],
  ['恒丰', 'Hengfeng', 'CN-ZJ-TZ', 'synthetics', 2004],
  ['博艺', 'Boyi', 'CN-GD-FS', 'suede', 2011],
  ['瑞丰', 'Ruifeng', 'CN-HE-XJ', 'suede', 2001],
  ['华美', 'Huamei', 'CN-ZJ-SX', 'weaving', 1999, true],
  ['天成', 'Tiancheng', 'CN-ZJ-SX', 'weaving', 2005],
  ['新光', 'Xinguang', 'CN-JS-SZ', 'weaving', 2002],
  ['德信', 'Dexin', 'CN-ZJ-HZ', 'weaving', 2014],
  ['海峰', 'Haifeng', 'CN-FJ-XM', 'weaving', 2009],
  ['蓝海', 'Lanhai', 'CN-GD-FS', 'denim', 2007, true],
  ['靛青', 'Dianqing', 'CN-GD-GZ', 'denim', 2013],
  ['卓越', 'Zhuoyue', 'CN-ZJ-SX', 'denim', 2000],
  ['飞腾', 'Feiteng', 'CN-FJ-QZ', 'knitting', 2012, true],
  ['睿织', 'Ruizhi', 'CN-FJ-PT', 'knitting', 2015],
  ['凯迪', 'Kaidi', 'CN-FJ-QZ', 'knitting', 2009],
  ['源兴', 'Yuanxing', 'CN-ZJ-HZ', 'knitting', 2003],
  ['驰力', 'Chili', 'CN-FJ-PT', 'knitting', 2016],
  ['嘉丽', 'Jiali', 'CN-ZJ-SX', 'lace', 2004],
  ['雅绣', 'Yaxiu', 'CN-GD-SZ', 'lace', 2010, true],
  ['美琪', 'Meiqi', 'CN-JS-SZ', 'lace', 2008],
  ['泰山', 'Taishan', 'CN-FJ-QZ', 'soles', 1997],
  ['安步', 'Anbu', 'CN-FJ-PT', 'soles', 2006, true],
  ['轻云', 'Qingyun', 'CN-FJ-QZ', 'soles', 2013],
  ['力达', 'Lida', 'CN-ZJ-WZ', 'soles', 2002],
  ['荣昌', 'Rongchang', 'CN-GD-DG', 'trims', 2005],
  ['精工', 'Jinggong', 'CN-ZJ-WZ', 'trims', 1999],
  ['百川', 'Baichuan', 'CN-GD-GZ', 'trims', 2011, true],
  ['信达', 'Xinda', 'CN-FJ-XM', 'trims', 2014],
  ['万豪', 'Wanhao', 'CN-SC-CD', 'tannery', 2000],
  ['东升', 'Dongsheng', 'CN-SH-SH', 'synthetics', 2009],
  ['正邦', 'Zhengbang', 'CN-ZJ-TZ', 'weaving', 2012],
  ['汇丰', 'Huifeng', 'CN-FJ-QZ', 'knitting', 2018],
];

const CITY_NAMES: Readonly<Record<string, readonly [string, string, string]>> = {
  'CN-GD-DG': ['CN-GD', '东莞', 'Dongguan'],
  'CN-GD-GZ': ['CN-GD', '广州', 'Guangzhou'],
  'CN-GD-SZ': ['CN-GD', '深圳', 'Shenzhen'],
  'CN-GD-FS': ['CN-GD', '佛山', 'Foshan'],
  'CN-FJ-QZ': ['CN-FJ', '泉州', 'Quanzhou'],
  'CN-FJ-PT': ['CN-FJ', '莆田', 'Putian'],
  'CN-FJ-XM': ['CN-FJ', '厦门', 'Xiamen'],
  'CN-ZJ-WZ': ['CN-ZJ', '温州', 'Wenzhou'],
  'CN-ZJ-SX': ['CN-ZJ', '绍兴', 'Shaoxing'],
  'CN-ZJ-HZ': ['CN-ZJ', '杭州', 'Hangzhou'],
  'CN-ZJ-TZ': ['CN-ZJ', '台州', 'Taizhou'],
  'CN-JS-SZ': ['CN-JS', '苏州', 'Suzhou'],
  'CN-HE-XJ': ['CN-HE', '辛集', 'Xinji'],
  'CN-SC-CD': ['CN-SC', '成都', 'Chengdu'],
  'CN-SH-SH': ['CN-SH', '上海', 'Shanghai'],
};

export type MerchantSeed = {
  orgName: string;
  nameEn: string;
  trade: Trade;
  province: string;
  city: string;
  established: number;
  choiceness: boolean;
  sloganCn: string;
  sloganEn: string;
  initials: string;
};

export const MERCHANTS: readonly MerchantSeed[] = ROWS.map(([brandCn, brandEn, city, trade, established, choiceness]) => {
  const [province, cityCn, cityEn] = CITY_NAMES[city] ?? ['CN-GD', '', ''];
  const [suffixCn, suffixEn] = TRADES[trade].nameSuffix;
  const [sloganCn, sloganEn] = TRADES[trade].slogan;
  return {
    orgName: `${cityCn}${brandCn}${suffixCn}`,
    nameEn: `${cityEn} ${brandEn} ${suffixEn}`,
    trade,
    province,
    city,
    established,
    choiceness: choiceness ?? false,
    sloganCn,
    sloganEn,
    initials: brandEn.slice(0, 2).toUpperCase(),
  };
});

/** The two demo supplier companies (demo accounts) publish too, so a supplier account owns materials. */
export const DEMO_SUPPLIER_TRADES: Readonly<Record<string, { trade: Trade; city: string }>> = {
  东莞华皮革有限公司: { trade: 'tannery', city: 'CN-GD-DG' },
  绍兴织美纺织有限公司: { trade: 'weaving', city: 'CN-ZJ-SX' },
};
export { CITY_NAMES };
