import type { ShippingAddress } from '../../../lib/contracts/sampling-addresses';

/** The middle of a phone number hidden: 138****8000, +39****5678. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** The place in the reader's order: 中国 广东省 东莞市 厚街镇; Houjie, Dongguan, Guangdong, China. */
export function placeText(a: ShippingAddress, lang: string): string {
  const names = [a.country, a.province, a.city, a.district].filter((n): n is string => Boolean(n));
  // Municipalities repeat themselves (上海市 上海市): once is enough.
  const unique = names.filter((n, i) => n !== names[i - 1]);
  return lang === 'en' ? unique.reverse().join(', ') : unique.join(' ');
}
