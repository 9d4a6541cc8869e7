/**
 * URLs of the merchant pages (docs/product/routes.md#routes /merchant/detail?orgId=, its tabs). `diy` is the supplier's own
 * homepage (docs/product/merchant-homepage.md#pages), shown only once it is published.
 */
export const MERCHANT_TABS = ['home', 'diy', 'AllMaterial', 'NewMaterial', 'MaterialList', 'BusinessInfoTab'] as const;
export type MerchantTab = (typeof MERCHANT_TABS)[number];

export function merchantHref(orgId: number, tab: MerchantTab = 'home', extra: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams({ orgId: String(orgId) });
  if (tab !== 'home') q.set('tab', tab);
  for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== '') q.set(key, String(value));
  return `/merchant/detail?${q.toString()}`;
}
