import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageConfig } from '../contracts/storage';
import { createStorageConfigStore, type ConfigTimers } from './storage-config';

const timers: ConfigTimers = { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>) };
const browser = () => true;

const config = (allFileLimit: number, refreshMs = 60_000): StorageConfig => ({
  provider: 'local',
  region: 'local',
  bucket: 'files',
  endPoint: '',
  partBytes: 5 * 1024 * 1024,
  allFileLimit,
  refreshMs,
  limits: [],
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the storage config store', () => {
  it('loads on the first subscriber, again every refresh interval, and stops when nobody listens', async () => {
    vi.useFakeTimers();
    let limit = 100;
    const load = vi.fn(async () => config(limit++));
    const $config = createStorageConfigStore(load, timers, browser);
    expect(load).not.toHaveBeenCalled();

    const seen: Array<number | undefined> = [];
    const unsubscribe = $config.subscribe((value) => seen.push(value?.allFileLimit));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([undefined, 100, 101]);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('follows the interval the server names and keeps the last config when a load fails', async () => {
    vi.useFakeTimers();
    const answers: Array<() => Promise<StorageConfig>> = [async () => config(1, 5_000), async () => Promise.reject(new Error('down'))];
    const load = vi.fn(() => (answers.shift() ?? (async () => config(3, 5_000)))());
    const $config = createStorageConfigStore(load, timers, browser);
    const unsubscribe = $config.listen(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect($config.get()?.allFileLimit).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect($config.get()?.allFileLimit).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect($config.get()?.allFileLimit).toBe(3);
    unsubscribe();
  });

  it('asks nothing when an uploader is rendered on the server', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => config(1));
    const $config = createStorageConfigStore(load, timers, () => false);
    const unsubscribe = $config.listen(() => undefined);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(load).not.toHaveBeenCalled();
    unsubscribe();
  });
});
