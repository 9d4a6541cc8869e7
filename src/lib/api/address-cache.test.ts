import { describe, expect, it } from 'vitest';
import { ADDRESS_CACHE_KEY, createAddressCache, type AddressTreeNode } from './address-cache';

const tree: AddressTreeNode[] = [{ id: 1, fullZhName: '中国', fullEnName: 'China', children: [] }];

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

describe('the address tree cache (docs/product/catalogue.md#states: rebuilt once per version flag)', () => {
  it('fetches once, then answers from storage while the flag is current', async () => {
    const storage = memoryStorage();
    let fetches = 0;
    const fetchTree = async () => {
      fetches += 1;
      return { version: 'v1', tree };
    };
    const first = createAddressCache({ storage, fetchTree, flag: 'v1' });
    const [a, b] = await Promise.all([first.load(), first.load()]);
    expect(a).toEqual(tree);
    expect(b).toEqual(tree);
    expect(fetches).toBe(1);
    // A new page (a new cache object) reads storage instead of the network.
    expect(await createAddressCache({ storage, fetchTree, flag: 'v1' }).load()).toEqual(tree);
    expect(fetches).toBe(1);
    // A new flag rebuilds it once.
    await createAddressCache({ storage, fetchTree, flag: 'v2' }).load();
    expect(fetches).toBe(2);
    expect(JSON.parse(storage.data.get(ADDRESS_CACHE_KEY) ?? '{}').version).toBe('v2');
  });

  it('survives broken or unavailable storage', async () => {
    const broken = memoryStorage({ [ADDRESS_CACHE_KEY]: '{not json' });
    broken.setItem = () => {
      throw new Error('quota');
    };
    expect(await createAddressCache({ storage: broken, fetchTree: async () => ({ version: 'v1', tree }), flag: 'v1' }).load()).toEqual(tree);
    expect(broken.data.has(ADDRESS_CACHE_KEY)).toBe(false);
    expect(await createAddressCache({ storage: null, fetchTree: async () => ({ version: 'v1', tree }), flag: 'v1' }).load()).toEqual(tree);
  });
});
