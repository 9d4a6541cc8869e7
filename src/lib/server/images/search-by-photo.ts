import { consumeLimit } from '../security/rate-limit';
import { searchWithPhoto, withPhotoSearchPlace, type ImageSearch, type ImageSearchResult, type SearchOptions } from './find-materials-by-image';
import { storeImage, type StoredImage } from './store-image';

/**
 * A search with a photo as it is uploaded (docs/product/search.md#query-photos). The process's place for a photo search
 * is taken first: a search refused because the server is busy neither spends the user's hourly count nor stores or
 * decodes the photo.
 */
export async function searchByPhoto(
  userId: number,
  photo: Buffer,
  search: Omit<ImageSearch, 'sha256'>,
  options: SearchOptions,
): Promise<{ stored: StoredImage; result: ImageSearchResult }> {
  return withPhotoSearchPlace(async () => {
    await consumeLimit('imageSearch.user', String(userId));
    const stored = await storeImage(photo, { searchQuery: true });
    return { stored, result: await searchWithPhoto({ ...search, sha256: stored.sha256 }, options) };
  });
}
