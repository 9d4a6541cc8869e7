/** Limits of the supplier's material forms and lists (zod-free, so islands can show and enforce them). */
export const COLOR_CARD_NAME_MAX = 32;
export const COLOR_CARDS_MAX = 60;
export const GALLERY_MAX = 20;
/** Documents on a material (data sheets, test reports, certificates): how many, and how long a display name. */
export const ATTACHMENTS_MAX = 10;
export const ATTACHMENT_NAME_MAX = 120;
export const SUPPLIER_PAGE_SIZE = 20;
export const SUPPLIER_MATERIAL_STATES = ['all', 'on', 'off', 'draft', 'renderFailed', 'renderQueued'] as const;
export type SupplierMaterialState = (typeof SUPPLIER_MATERIAL_STATES)[number];
export const SUPPLIER_MATERIAL_SORTS = ['modified', 'newest', 'name'] as const;
export type SupplierMaterialSort = (typeof SUPPLIER_MATERIAL_SORTS)[number];
export const MATERIAL_EXPORT_MAX = 5000;
/** Usage records: what a material was used for (viewed in 3D, downloaded, sent to a tool, exported). */
export const MATERIAL_USAGE_KINDS = ['view3d', 'download', 'sendToTool', 'export'] as const;
