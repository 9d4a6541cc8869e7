/** Typed calls for material files (docs/product/material-files.md#calls): reading, declining, rendering, using. */
import type { MaterialFileParser, MaterialFileRead } from '../contracts/material-files';
import type { MATERIAL_USAGE_KINDS } from '../contracts/material-edit-rules';
import type { MaterialRender } from '../contracts/material-renders';
import { api, type CallOptions } from './client';

const M = '/idealab-material';

export const materialFileApi = {
  /** Queues the reading of an uploaded file; answers the reading's id. */
  read: (parser: MaterialFileParser, body: { relativePath: string; fileName: string }, options?: CallOptions) => api.post<{ id: number }>(`${M}/datapipe/parser/${parser}`, body, options),
  result: (id: number, options?: CallOptions) => api.get<MaterialFileRead>(`${M}/datapipe/parser/result`, { ...options, searchParams: { id: String(id) } }),
  decline: (id: number, options?: CallOptions) => api.post<MaterialFileRead>(`${M}/datapipe/parser/decline`, { id }, options),
  render: (materialId: number, options?: CallOptions) => api.get<MaterialRender>(`${M}/v2/material/fast/render`, { ...options, searchParams: { materialId: String(materialId) } }),
  retry: (materialId: number, options?: CallOptions) => api.post<{ cards: number }>(`${M}/v2/material/fast/render/retry`, { materialId }, options),
  cancel: (materialId: number, options?: CallOptions) => api.post<{ cards: number }>(`${M}/v2/material/fast/render/cancel`, { materialId }, options),
  /** Records that the caller used a material (sent it to a 3D tool, viewed it in 3D …). */
  recordUsage: (materialId: number, kind: (typeof MATERIAL_USAGE_KINDS)[number], options?: CallOptions) => api.post<{ id: number }>(`${M}/material/usage/record/add`, { materialId, kind }, options),
};
