/**
 * Supplier text written in both languages in one value, "中文 English" (docs/product/catalogue.md#bilingual-text):
 * a composition "100% 牛皮 Cowhide", a color card "C01 烟灰 Smoke grey". The Chinese page shows the words up to
 * the last Chinese one; the English page shows what comes before the first Chinese word (a code, a percentage)
 * and what follows the last. Text in one language only is shown as it is in both.
 */
type Lang = 'cn' | 'en';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z]/;

export function inLanguage(text: string, lang: Lang | string): string {
  const tokens = text.trim().split(/\s+/);
  const first = tokens.findIndex((token) => CJK.test(token));
  if (first < 0) return text;
  let last = tokens.length - 1;
  while (last >= 0 && !CJK.test(tokens[last] ?? '')) last--;
  const tail = tokens.slice(last + 1);
  // Not bilingual: nothing English after the Chinese.
  if (!tail.some((token) => LATIN.test(token))) return text;
  if (lang === 'cn') return tokens.slice(0, last + 1).join(' ');
  return [...tokens.slice(0, first), ...tail].join(' ');
}
