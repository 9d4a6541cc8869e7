import { api } from '../../lib/api/client';

export const COLLECT_API = '/idealab-material/collect';

/** The viewer's folders that hold the material. */
export async function belong(materialId: number): Promise<Set<number>> {
  const answer = await api.get<{ collectFolderIds: number[] }>(`${COLLECT_API}/belong`, { searchParams: { materialId }, silent: true });
  return new Set(answer?.collectFolderIds ?? []);
}
