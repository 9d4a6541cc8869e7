import { collectionsApi } from '../../lib/api/collections';

/** The viewer's folders that hold the material. */
export async function belong(materialId: number): Promise<Set<number>> {
  const answer = await collectionsApi.foldersHolding(materialId);
  return new Set(answer?.collectFolderIds ?? []);
}
