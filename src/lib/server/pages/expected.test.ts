import { describe, expect, it } from 'vitest';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { expected } from './expected';

describe('an expected failure of a page read', () => {
  it('comes back as a value, while a value passes and any other error throws', async () => {
    expect(await expected(Promise.resolve(3))).toEqual({ ok: true, value: 3 });
    const failed = await expected(Promise.reject(new AppError(ERROR.empty)));
    expect(failed.ok ? null : failed.error.code).toBe(ERROR.empty);
    await expect(expected(Promise.reject(new Error('disk')))).rejects.toThrow('disk');
  });
});
