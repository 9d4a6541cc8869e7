/** Languages, language files and the health answer. */
import { z } from 'zod';
import { LANGUAGES } from '../i18n';

export const languageSchema = z.object({ code: z.string(), name: z.string(), version: z.string(), url: z.string() }).meta({ id: 'Language' });
export const languageListSchema = z.array(languageSchema);

export const languageFileParamSchema = z.object({ file: z.enum(LANGUAGES.map((l) => `${l.code}.json`) as [string, ...string[]]) });
/** A language file is every interface message of one language, nested by feature: not the envelope. */
export const languageFileSchema = z.record(z.string(), z.unknown());

export const healthSchema = z.object({
  database: z.enum(['embedded', 'postgresql']),
  pgvector: z.boolean(),
  imageSearch: z.enum(['hnsw', 'exact']).meta({ description: 'exact: no pgvector, every descriptor is compared (slower on large catalogues)' }),
  imageDescriptor: z
    .object({
      current: z.string().meta({ description: 'The recipe new pictures are described with: `v3`, or `v3_<model sha256 start>` with an embedding model' }),
      searching: z.string().meta({ description: 'The recipe searches answer with: an earlier one until every picture has the current one' }),
      model: z.string().nullable().meta({ description: 'The embedding model file blended into photo search, or null for the hand-made descriptor alone' }),
    })
    .meta({ description: 'Which image descriptor photo search uses (docs/product/search.md#descriptors)' }),
  jobs: z
    .object({ queued: z.number().int(), active: z.number().int(), failed: z.number().int() })
    .meta({ description: 'Background jobs waiting (including retries), running and out of retries, as counted at the workers’ last supervision pass' }),
});
