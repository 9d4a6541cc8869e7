/**
 * Typed calls for the supplier's own materials (docs/product/supplier.md#calls): the list, market state, delete,
 * revert, and the export, which answers a file rather than the envelope.
 */
import type { MaterialExportRequest, SupplierMaterialPage, SupplierMaterialQuery } from '../contracts/material-edit';
import { ERROR } from '../errors';
import { api, ApiError, messageFor, type CallOptions } from './client';

const M = '/idealab-material';

/** A list query as its route reads it, defaults left out. */
export function supplierListParams(query: Partial<SupplierMaterialQuery>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params[key] = String(value);
  return params;
}

export type ExportedFile = { blob: Blob; fileName: string };

export const supplierMaterialsApi = {
  list: (query: Partial<SupplierMaterialQuery>, options?: CallOptions) => api.get<SupplierMaterialPage>(`${M}/v2/material/supplier/list`, { ...options, searchParams: supplierListParams(query) }),
  setMarket: (materialIds: number[], marketTypes: number[], on: boolean, options?: CallOptions) => api.post<{ updated: number }>(`${M}/v2/material/${on ? 'on' : 'off'}`, { materialIds, marketTypes }, options),
  remove: (materialIds: number[], options?: CallOptions) => api.post<{ deleted: number }>(`${M}/v2/material/delete`, { materialIds }, options),
  revert: (materialId: number, version: number, options?: CallOptions) => api.post<{ id: number; version: number }>(`${M}/v2/material/history/revert`, { materialId, version }, options),
  /**
   * The .xlsx of the chosen materials, or of the filtered list. A file, not the envelope, so it is fetched here;
   * a refusal still arrives as the envelope and rejects with its ApiError (the caller shows it inline).
   */
  exportFile: async (body: MaterialExportRequest, t: Parameters<typeof messageFor>[0]): Promise<ExportedFile> => {
    const response = await fetch(`/api${M}/v2/material/export`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
    if (response.ok) {
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'materials.xlsx';
      return { blob: await response.blob(), fileName: name };
    }
    const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    const code = typeof envelope?.code === 'number' ? envelope.code : ERROR.unknown;
    throw new ApiError({ code, message: messageFor(t, code, envelope?.msg) });
  },
};
