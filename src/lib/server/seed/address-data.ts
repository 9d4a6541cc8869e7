/**
 * The address tree shipped with the demo: the countries the trade sources from and, for China, the provinces and
 * cities of the footwear and apparel industry with some of their districts. An operator imports a full tree with
 * the same shape. [code, 中文, English, children?, top city?]
 */
export type AddressEntry = readonly [code: string, zh: string, en: string, children?: readonly AddressEntry[], top?: boolean];

export const ADDRESS_TREE: readonly AddressEntry[] = [
  ['CN', '中国', 'China', [
    ['CN-GD', '广东省', 'Guangdong', [
      ['CN-GD-DG', '东莞市', 'Dongguan', [['CN-GD-DG-HM', '厚街镇', 'Houjie'], ['CN-GD-DG-CA', '长安镇', "Chang'an"]], true],
      ['CN-GD-GZ', '广州市', 'Guangzhou', [['CN-GD-GZ-BY', '白云区', 'Baiyun'], ['CN-GD-GZ-HZ', '海珠区', 'Haizhu']], true],
      ['CN-GD-SZ', '深圳市', 'Shenzhen', [['CN-GD-SZ-LG', '龙岗区', 'Longgang']]],
      ['CN-GD-FS', '佛山市', 'Foshan', [['CN-GD-FS-NH', '南海区', 'Nanhai']]],
    ]],
    ['CN-FJ', '福建省', 'Fujian', [
      ['CN-FJ-QZ', '泉州市', 'Quanzhou', [['CN-FJ-QZ-JJ', '晋江市', 'Jinjiang'], ['CN-FJ-QZ-SS', '石狮市', 'Shishi']], true],
      ['CN-FJ-PT', '莆田市', 'Putian', [['CN-FJ-PT-CX', '城厢区', 'Chengxiang']], true],
      ['CN-FJ-XM', '厦门市', 'Xiamen', [['CN-FJ-XM-HC', '湖里区', 'Huli']]],
    ]],
    ['CN-ZJ', '浙江省', 'Zhejiang', [
      ['CN-ZJ-WZ', '温州市', 'Wenzhou', [['CN-ZJ-WZ-LW', '鹿城区', 'Lucheng']], true],
      ['CN-ZJ-SX', '绍兴市', 'Shaoxing', [['CN-ZJ-SX-KQ', '柯桥区', 'Keqiao']], true],
      ['CN-ZJ-HZ', '杭州市', 'Hangzhou', [['CN-ZJ-HZ-XS', '萧山区', 'Xiaoshan']]],
      ['CN-ZJ-TZ', '台州市', 'Taizhou', [['CN-ZJ-TZ-WL', '温岭市', 'Wenling']]],
    ]],
    ['CN-JS', '江苏省', 'Jiangsu', [['CN-JS-SZ', '苏州市', 'Suzhou', [['CN-JS-SZ-WJ', '吴江区', 'Wujiang']], true]]],
    ['CN-HE', '河北省', 'Hebei', [['CN-HE-XJ', '辛集市', 'Xinji', [], true]]],
    ['CN-SC', '四川省', 'Sichuan', [['CN-SC-CD', '成都市', 'Chengdu', [['CN-SC-CD-WH', '武侯区', 'Wuhou']]]]],
    ['CN-SH', '上海市', 'Shanghai', [['CN-SH-SH', '上海市', 'Shanghai', [['CN-SH-SH-PD', '浦东新区', 'Pudong']]]]],
  ]],
  ['VN', '越南', 'Vietnam', [['VN-SG', '胡志明市', 'Ho Chi Minh City'], ['VN-DN', '同奈省', 'Dong Nai']]],
  ['ID', '印度尼西亚', 'Indonesia', [['ID-JB', '西爪哇省', 'West Java'], ['ID-JT', '中爪哇省', 'Central Java']]],
  ['IN', '印度', 'India', [['IN-TN', '泰米尔纳德邦', 'Tamil Nadu'], ['IN-UP', '北方邦', 'Uttar Pradesh']]],
  ['BD', '孟加拉国', 'Bangladesh', [['BD-DH', '达卡专区', 'Dhaka Division']]],
  ['IT', '意大利', 'Italy', [['IT-TOS', '托斯卡纳', 'Tuscany'], ['IT-VEN', '威尼托', 'Veneto']]],
  ['PT', '葡萄牙', 'Portugal', [['PT-13', '波尔图区', 'Porto District']]],
];
