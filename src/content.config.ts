/**
 * Content collections (docs/product/content.md): Markdown files under `src/content/<collection>/<lang>/`, checked
 * against the schemas in `src/content/schemas.ts` when the site is built.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { helpSchema, pageSchema, pluginSchema, policySchema, trendSchema } from './content/schemas';

const markdown = (collection: string) => glob({ pattern: '{cn,en}/*.md', base: `./src/content/${collection}` });

export const collections = {
  help: defineCollection({ loader: markdown('help'), schema: helpSchema }),
  trends: defineCollection({ loader: markdown('trends'), schema: trendSchema }),
  policies: defineCollection({ loader: markdown('policies'), schema: policySchema }),
  pages: defineCollection({ loader: markdown('pages'), schema: pageSchema }),
  plugins: defineCollection({ loader: markdown('plugins'), schema: pluginSchema }),
};
