import { favouritesApi } from '../../lib/api/favourites';

/** The viewer's folders that hold the material. */
export async function belong(materialId: number): Promise<Set<number>> {
  const answer = await favouritesApi.foldersHolding(materialId);
  return new Set(answer?.collectFolderIds ?? []);
}
