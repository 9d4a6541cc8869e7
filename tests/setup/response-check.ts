/**
 * Every integration test file checks the API's JSON answers against the OpenAPI document it publishes: a
 * mismatch turns the answer into a 500 that names it (src/lib/server/http/response-check.ts).
 */
import { createApiApp } from '../../src/lib/server/http/app';
import { setResponseCheck } from '../../src/lib/server/http/response-check';
import { createAnswerValidator } from '../support/openapi-answers';

export const answerValidator = createAnswerValidator(await (await createApiApp().request('/api/openapi.json')).json());
setResponseCheck(answerValidator.check);
