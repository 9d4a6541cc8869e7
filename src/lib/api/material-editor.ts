/** Typed calls of the supplier's material editor (docs/product/material-editor.md#calls). */
import type { MaterialEditRequest, MaterialEditResult, MaterialEditSource } from '../contracts/material-edit';
import { api, type CallOptions } from './client';

const M = '/idealab-material';

export const materialEditorApi = {
  /** Saves a new material (no `materialId`) or the next version of one of the company's own. */
  save: (body: MaterialEditRequest, options?: CallOptions) => api.post<MaterialEditResult>(`${M}/v2/material/edit`, body, options),
  /** The latest version as entered, to continue editing after a save. */
  source: (materialId: number, options?: CallOptions) => api.get<MaterialEditSource>(`${M}/v2/material/edit/source`, { ...options, searchParams: { materialId: String(materialId) } }),
};
