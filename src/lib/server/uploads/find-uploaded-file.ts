import { and, eq } from 'drizzle-orm';
import type { UploadedFile } from '../../contracts/storage';
import { getDb } from '../db/client';
import { images, uploadedFiles } from '../db/schema';
import { imageSources } from '../images/image-url';

/** A company's uploaded file by its relative path, as the calls answer it; null when the company has none there. */
export async function findUploadedFile(companyId: number, relativePath: string): Promise<UploadedFile | null> {
  const [row] = await getDb()
    .select({
      relativePath: uploadedFiles.relativePath,
      fullRegion: uploadedFiles.fullRegion,
      resourceCompanyId: uploadedFiles.companyId,
      size: uploadedFiles.size,
      mime: uploadedFiles.mime,
      imageId: images.id,
      width: images.width,
      height: images.height,
    })
    .from(uploadedFiles)
    .leftJoin(images, eq(images.id, uploadedFiles.imageId))
    .where(and(eq(uploadedFiles.companyId, companyId), eq(uploadedFiles.relativePath, relativePath)));
  if (!row) return null;
  const { imageId, width, height, ...file } = row;
  const image = imageId !== null && width !== null && height !== null ? { id: imageId, width, height } : null;
  return { ...file, image: image ? { ...image, ref: imageSources(image, 'medium') } : null };
}
