/**
 * The help articles the interface links to where people get stuck (docs/product/content.md#help-center "Deep
 * links"): upload errors, share codes, sample requests and certification. Isomorphic: islands link to them too.
 * `src/content/content.test.ts` holds every slug here to an article that exists.
 */
export const HELP_ARTICLES = {
  uploadErrors: 'upload-errors',
  shareCodes: 'share-codes',
  sampleRequests: 'sample-requests',
  answerSampleRequests: 'answer-sample-requests',
  certification: 'certification',
} as const;

export const helpArticlePath = (article: keyof typeof HELP_ARTICLES) => `/help-center/article/${HELP_ARTICLES[article]}`;
