// Where the import sheet's worker thread starts (parse-sheet-in-worker.ts). In the sources its code is TypeScript,
// loaded through tsx here, in vitest and `npm run dev` alike; the production build bundles import-sheet-worker.ts into
// this file's place beside the server bundle (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./import-sheet-worker.ts');
