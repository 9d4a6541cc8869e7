/** Typed calls for dictionaries (docs/product/catalogue.md#dictionaries), after `lib/contracts/catalogue.ts`. */
import type { DictionaryItem } from '../contracts/catalogue';
import { api, type CallOptions } from './client';

export type { DictionaryItem };

export const catalogueApi = {
  /** Several dictionaries keyed by type code; `tree: false` flattens each in reading order. */
  dictionaries: async (typeCodes: string[], tree = true, options?: CallOptions) =>
    (await api.post<Record<string, DictionaryItem[]>>('/idealab-material/open/dict/tree-item/list', { typeCodes, tree }, options)) ?? {},
  dictionary: async (typeCode: string, options?: CallOptions) =>
    (await api.get<DictionaryItem[]>('/bff-center/showCommon/getDictionaryTypeItem', { ...options, searchParams: { typeCode } })) ?? [],
};
