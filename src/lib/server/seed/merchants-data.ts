/**
 * The demo merchants: supplier companies in the real sourcing hubs of the trade, each with the kinds of material
 * such a mill or tannery makes. Names are invented; places and specialities are what a buyer would expect there.
 */
export type Trade = 'tannery' | 'synthetics' | 'suede' | 'weaving' | 'denim' | 'knitting' | 'lace' | 'soles' | 'trims';

/** Level-1 category codes a trade publishes under. */
export const TRADE_CATEGORIES: Readonly<Record<Trade, readonly string[]>> = {
  tannery: ['leather', 'suede-nubuck'],
  synthetics: ['synthetic'],
  suede: ['suede-nubuck', 'leather'],
  weaving: ['woven', 'canvas'],
  denim: ['denim', 'canvas'],
  knitting: ['knit', 'mesh'],
  lace: ['lace'],
  soles: ['sole'],
  trims: ['trims'],
};

const TRADE_NAMES: Readonly<Record<Trade, readonly [string, string]>> = {
  tannery: ['皮革有限公司', 'Leather Co., Ltd.'],
  synthetics: ['新材料科技有限公司', 'New Materials Technology Co., Ltd.'],
  suede: ['绒面皮革有限公司', 'Suede Leather Co., Ltd.'],
  weaving: ['纺织有限公司', 'Textile Co., Ltd.'],
  denim: ['牛仔布业有限公司', 'Denim Mills Co., Ltd.'],
  knitting: ['针织科技有限公司', 'Knitting Technology Co., Ltd.'],
  lace: ['花边织造有限公司', 'Lace Weaving Co., Ltd.'],
  soles: ['鞋材有限公司', 'Footwear Components Co., Ltd.'],
  trims: ['辅料有限公司', 'Trims Co., Ltd.'],
};

export const TRADE_SCOPE: Readonly<Record<Trade, string>> = {
  tannery: 'leather', synthetics: 'synthetics', suede: 'leather', weaving: 'textiles', denim: 'textiles', knitting: 'textiles', lace: 'textiles', soles: 'soles', trims: 'trims',
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

const SLOGANS: Readonly<Record<Trade, readonly [string, string]>> = {
  tannery: ['自有制革厂，三十道工序把控每一张皮', 'Our own tannery: thirty steps behind every hide'],
  synthetics: ['环保水性 PU，REACH 与 GRS 认证', 'Water-based PU, REACH and GRS certified'],
  suede: ['细腻绒感，色牢度四级以上', 'Fine nap, color fastness grade 4 and above'],
  weaving: ['千台剑杆织机，七天快反打样', 'A thousand rapier looms, samples in seven days'],
  denim: ['从纱线到成布的一体化牛仔工厂', 'Integrated denim: from yarn to finished fabric'],
  knitting: ['飞织鞋面一体成型，支持小单定制', 'Engineered flyknit uppers, small runs welcome'],
  lace: ['原创花型每月上新', 'Original lace designs every month'],
  soles: ['大底研发与模具开发一站式', 'Outsole development and moulds under one roof'],
  trims: ['鞋服辅料一站式配套', 'Every trim a shoe or garment needs'],
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
  const [suffixCn, suffixEn] = TRADE_NAMES[trade];
  const [sloganCn, sloganEn] = SLOGANS[trade];
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
