/** The photo search call. Islands read the zod-free rules from `image-search-rules.ts`. */
import { z } from 'zod';
import { IMAGE_SEARCH_PAGE_SIZE, isSearchableImage, parseRegion } from './image-search-rules';
import { imageRefSchema } from './images';
import { materialCardSchema } from './materials';

export * from './image-search-rules';

const formInt = (max: number) => z.coerce.number().int().min(1).max(max);
/** The multipart form of a photo search. */
export const imageSearchFormSchema = z.object({
  file: z
    .instanceof(File, { message: 'validation.imageRequired' })
    .refine((f) => isSearchableImage(f), 'validation.imageFormat')
    .meta({ type: 'string', format: 'binary', description: 'png, jpg, jpeg or webp, at most 5 MB and 40 megapixels' }),
  region: z
    .string()
    .max(60)
    .refine((s) => parseRegion(s) !== null, 'validation.imageRegion')
    .optional()
    .meta({ description: 'Search a region only: `left,top,width,height` as fractions of the picture', example: '0.25,0.25,0.5,0.5' }),
  categoryId: formInt(Number.MAX_SAFE_INTEGER).optional(),
  page: formInt(500).default(1),
  size: formInt(60).default(IMAGE_SEARCH_PAGE_SIZE),
});

/** `similarity` is the cosine similarity of the two unit descriptors, 0..1 (1 = the same picture). */
export const imageMatchSchema = z.object({ imageId: z.number().int(), similarity: z.number().min(0).max(1) });
export type ImageMatch = z.output<typeof imageMatchSchema>;
export const imageMatchCardSchema = materialCardSchema.extend({ match: imageMatchSchema }).meta({ id: 'ImageMatchCard' });
export type ImageMatchCard = z.output<typeof imageMatchCardSchema>;

export const imageSearchAnswerSchema = z.object({
  image: z.object({ sha256: z.string(), picture: imageRefSchema }),
  records: z.array(imageMatchCardSchema),
  total: z.number().int(),
  mode: z.enum(['hnsw', 'exact']).meta({ description: 'hnsw: pgvector’s index (approximate); exact: every descriptor compared (no pgvector)' }),
});
export type ImageSearchAnswer = z.output<typeof imageSearchAnswerSchema>;
