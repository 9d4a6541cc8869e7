/**
 * Every integration test file checks the API's JSON answers against the OpenAPI document it publishes: a
 * mismatch turns the answer into a 500 that names it (src/lib/server/http/response-check.ts). What each file
 * checked is written down for the coverage check after the run (tests/setup/api-coverage.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { createApiApp } from '../../src/lib/server/http/app';
import { setResponseCheck } from '../../src/lib/server/http/response-check';
import { createAnswerValidator } from '../support/openapi-answers';
import type { FileAnswers } from './api-coverage';

export const answerValidator = createAnswerValidator(await (await createApiApp().request('/api/openapi.json')).json());
setResponseCheck(answerValidator.check);

function writeAnswers() {
  const file = expect.getState().testPath ?? 'unknown';
  const answers: FileAnswers = { file, operations: answerValidator.operations.map((o) => o.key), validated: [...answerValidator.validated] };
  writeFileSync(path.join(inject('apiAnswersDir'), `${path.basename(file)}.json`), JSON.stringify(answers));
}
// Written once as the file starts, so a file whose tests are all skipped (a database-specific one) still counts as run.
writeAnswers();
afterAll(writeAnswers);
