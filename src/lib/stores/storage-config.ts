import { atom, onMount, type ReadableAtom } from 'nanostores';
import { storageApi } from '../api/storage';
import type { StorageConfig } from '../contracts/storage';
import { $session } from './session';

/** How often the config is asked again when the server names no interval (docs/product/uploading.md#the-flow). */
export const STORAGE_CONFIG_REFRESH_MS = 60_000;

export interface ConfigTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

/**
 * A store of the storage config, loaded when the first uploader subscribes and again every `refreshMs` while any
 * does; nothing is asked while none is on screen. A failed load keeps the last config (null before the first):
 * uploaders then fall back to the limits in lib/upload/limits.ts, and the server checks again anyway.
 */
export function createStorageConfigStore(
  load: () => Promise<StorageConfig | undefined>,
  timers: ConfigTimers = { setTimeout: (run, ms) => globalThis.setTimeout(run, ms), clearTimeout: (t) => globalThis.clearTimeout(t as ReturnType<typeof setTimeout>) },
  inBrowser: () => boolean = () => typeof window !== 'undefined',
): ReadableAtom<StorageConfig | null> {
  const $config = atom<StorageConfig | null>(null);
  onMount($config, () => {
    // Rendering an uploader on the server subscribes too; only a browser asks for the config.
    if (!inBrowser()) return;
    let stopped = false;
    let timer: unknown;
    const refresh = async () => {
      try {
        const config = await load();
        if (!stopped && config) $config.set(config);
      } catch {
        // Kept as it was: see above.
      }
      if (!stopped) timer = timers.setTimeout(() => void refresh(), $config.get()?.refreshMs || STORAGE_CONFIG_REFRESH_MS);
    };
    void refresh();
    return () => {
      stopped = true;
      timers.clearTimeout(timer);
    };
  });
  return $config;
}

/** The storage config for the signed-in user's company. */
export const $storageConfig = createStorageConfigStore(() => storageApi.config($session.get()?.company?.id));
