/**
 * The browser's copy of the address tree (docs/product/catalogue.md#data "cached locally", docs/product/catalogue.md#states "rebuilt once per version flag"): read from
 * storage while its flag matches the current one (docs/product/constants.md REFRESHED_1.5.0), otherwise fetched once and stored again.
 * Concurrent callers share one fetch. Storage failures (private mode, quota) only cost the cache, never the tree.
 */
import { ADDRESS_CACHE_FLAG } from '../constants';

export type AddressTreeNode = { id: number; fullZhName: string; fullEnName: string; children: AddressTreeNode[] };
type Stored = { version: string; tree: AddressTreeNode[] };

export const ADDRESS_CACHE_KEY = 'matlib.addressTree';

export interface AddressCacheDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  fetchTree: () => Promise<Stored>;
  flag?: string;
}

export function createAddressCache({ storage, fetchTree, flag = ADDRESS_CACHE_FLAG }: AddressCacheDeps) {
  let pending: Promise<AddressTreeNode[]> | null = null;

  const read = (): AddressTreeNode[] | null => {
    try {
      const text = storage?.getItem(ADDRESS_CACHE_KEY);
      if (!text) return null;
      const stored = JSON.parse(text) as Partial<Stored>;
      return stored.version === flag && Array.isArray(stored.tree) ? stored.tree : null;
    } catch {
      return null;
    }
  };

  return {
    /** The tree: from the cache when its flag is current, else from the server (once). */
    load(): Promise<AddressTreeNode[]> {
      const cached = read();
      if (cached) return Promise.resolve(cached);
      pending ??= fetchTree()
        .then(({ tree }) => {
          try {
            storage?.setItem(ADDRESS_CACHE_KEY, JSON.stringify({ version: flag, tree }));
          } catch {
            storage?.removeItem(ADDRESS_CACHE_KEY);
          }
          return tree;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    clear(): void {
      storage?.removeItem(ADDRESS_CACHE_KEY);
    },
  };
}

let browserCache: ReturnType<typeof createAddressCache> | undefined;

/** The page's cache over localStorage and the API client (islands: `addressTree().load()`). */
export async function addressTree(): Promise<AddressTreeNode[]> {
  const { api } = await import('./client');
  browserCache ??= createAddressCache({
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    fetchTree: async () => {
      const answer = await api.get<Stored>('/idealab-material/address/tree');
      if (!answer) throw new Error('no address tree');
      return answer;
    },
  });
  return browserCache.load();
}
