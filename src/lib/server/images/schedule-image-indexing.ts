import { logger } from '../logger';
import { indexMaterialImages } from './index-material-images';

let enabled = false;
let running: Promise<void> | null = null;
let again = false;

/**
 * The server turns background indexing on once it is up (after the demo seed, so seeding is not slowed by it);
 * scripts and tests that save materials index explicitly with `indexMaterialImages` instead, so nothing of theirs
 * keeps working on a database they are about to close.
 */
export function enableImageIndexing(): void {
  enabled = true;
}

/**
 * Indexes material images in the background (after a material is saved, and at start): one run at a time, and a
 * request during a run starts another when it ends, so an image saved mid-run is never left out. A new picture is
 * found by image search once its descriptor is stored, tens of milliseconds after the save.
 */
export function scheduleImageIndexing(): Promise<void> {
  if (!enabled) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const started = Date.now();
      const count = await indexMaterialImages().catch((err: unknown) => {
        logger.error({ err }, 'image indexing failed');
        return 0;
      });
      if (count > 0) logger.info({ count, ms: Date.now() - started }, 'material images indexed for image search');
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}
