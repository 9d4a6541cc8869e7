import { describe, expect, it } from 'vitest';
import type { ShippingAddress } from '../../../lib/contracts/sampling-addresses';
import { maskPhone, placeText } from './format';

const at = (names: Partial<ShippingAddress>): ShippingAddress => ({
  id: 1,
  receiver: 'x',
  phone: '13800138000',
  countryId: 1,
  provinceId: null,
  cityId: null,
  districtId: null,
  country: '',
  province: null,
  city: null,
  district: null,
  detail: 'x',
  postcode: null,
  isDefault: 0,
  createdAt: '',
  ...names,
});

describe('address cards', () => {
  it('hide the middle of a phone number', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('+390212345678')).toBe('+39****5678');
    expect(maskPhone('+12345')).toBe('+12345');
  });

  it('name the place in the reader’s order, a municipality once', () => {
    expect(placeText(at({ country: '中国', province: '广东省', city: '东莞市', district: '厚街镇' }), 'cn')).toBe('中国 广东省 东莞市 厚街镇');
    expect(placeText(at({ country: 'China', province: 'Guangdong', city: 'Dongguan', district: 'Houjie' }), 'en')).toBe('Houjie, Dongguan, Guangdong, China');
    expect(placeText(at({ country: '中国', province: '上海市', city: '上海市', district: '浦东新区' }), 'cn')).toBe('中国 上海市 浦东新区');
    expect(placeText(at({ country: 'Italy', province: 'Tuscany' }), 'en')).toBe('Tuscany, Italy');
  });
});
