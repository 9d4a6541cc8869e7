/**
 * Function permission codes (docs/product/companies.md#data Permission: code, group 100 FIM / 200 MATERIAL, kind 0 common / 11 supplier /
 * 12 buyer; docs/product/routes.md#roles FUN005 account settings, FUN012 administration). The product names two codes; the rest are ours,
 * one per capability a company administrator hands out. Isomorphic: the role editor lists them.
 */
export const PERMISSION_GROUP = { fim: 100, material: 200 } as const;
export const PERMISSION_KIND = { common: 0, supplier: 11, buyer: 12 } as const;

export const PERMISSIONS = [
  { code: 'FUN001', group: 200, kind: 11, key: 'materialManage' },
  { code: 'FUN002', group: 200, kind: 11, key: 'materialMarket' },
  { code: 'FUN003', group: 200, kind: 0, key: 'colorCardBooks' },
  { code: 'FUN004', group: 100, kind: 0, key: 'shares' },
  { code: 'FUN005', group: 100, kind: 0, key: 'accountSettings' },
  { code: 'FUN006', group: 100, kind: 0, key: 'members' },
  { code: 'FUN007', group: 200, kind: 11, key: 'sampleRequestsHandle' },
  { code: 'FUN008', group: 200, kind: 12, key: 'sampleRequestsApply' },
  { code: 'FUN009', group: 200, kind: 11, key: 'dataExport' },
  { code: 'FUN010', group: 100, kind: 11, key: 'homepage' },
  { code: 'FUN011', group: 200, kind: 0, key: 'materialBooks' },
  { code: 'FUN012', group: 100, kind: 0, key: 'administration' },
  { code: 'FUN013', group: 200, kind: 0, key: 'libraryView' },
  { code: 'FUN014', group: 200, kind: 0, key: 'libraryManage' },
] as const;

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];
export const PERMISSION_CODES = PERMISSIONS.map((p) => p.code) as [PermissionCode, ...PermissionCode[]];

/**
 * What a buyer's personal company grants its owner (docs/product/companies.md#companies-and-members): the common codes
 * a buyer uses and the buyer's own, not the supplier ones, and not `FUN006`, since a personal company has no other
 * members. `FUN012` stays: a buyer counts as certified through this company, and certifies and edits it. Not the
 * enterprise library's `FUN013` and `FUN014`: a library is shared by a company's members, and a buyer's personal
 * company has no others. A supplier's personal company, like every enterprise company, gives its administrator every code.
 */
export const BUYER_PERSONAL_CODES = ['FUN003', 'FUN004', 'FUN005', 'FUN008', 'FUN011', 'FUN012'] as const satisfies readonly PermissionCode[];
