import { AppError } from '../errors';

export type Expected<R> = { ok: true; value: R } | { ok: false; error: AppError };

/**
 * A domain read whose expected failure (an `AppError`: no such folder, unknown category …) the page shows as a state
 * of its own (404, "not found") rather than the error page; any other error still throws.
 */
export async function expected<R>(read: Promise<R>): Promise<Expected<R>> {
  try {
    return { ok: true, value: await read };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err };
    throw err;
  }
}
