/**
 * After a whole integration run, every documented API operation must have answered a success that was checked
 * against its documentation in some test (tests/setup/response-check.ts writes what each file checked). An
 * operation no test drives fails the run, unless tests/support/api-coverage-exclusions.ts says why it cannot be
 * driven here; an exclusion that a test now covers, or that names no documented operation, fails it too.
 * A run of only some test files checks nothing: the other files would have covered the rest.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { API_COVERAGE_EXCLUSIONS } from '../support/api-coverage-exclusions';

export type FileAnswers = { file: string; operations: string[]; validated: string[] };

declare module 'vitest' {
  export interface ProvidedContext {
    apiAnswersDir: string;
  }
}

export function uncoveredOperations(files: FileAnswers[], exclusions: Record<string, string>): string[] {
  const documented = new Set(files.flatMap((f) => f.operations));
  const covered = new Set(files.flatMap((f) => f.validated));
  const problems = [...documented].filter((op) => !covered.has(op) && !(op in exclusions)).map((op) => `${op}: no test drives it to a success answer`);
  for (const op of Object.keys(exclusions)) {
    if (!documented.has(op)) problems.push(`${op}: excluded but not documented`);
    else if (covered.has(op)) problems.push(`${op}: excluded but a test covers it now`);
  }
  return problems.sort();
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'matlib-api-answers-'));
  project.provide('apiAnswersDir', dir);
  return () => {
    try {
      const files = readdirSync(dir).map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as FileAnswers);
      const suite = readdirSync(path.resolve('tests/integration')).filter((name) => name.endsWith('.test.ts'));
      const ran = new Set(files.map((f) => path.basename(f.file)));
      if (!suite.every((name) => ran.has(name))) return;
      const problems = uncoveredOperations(files, API_COVERAGE_EXCLUSIONS);
      if (problems.length) throw new Error(`API operations without a checked success answer:\n  ${problems.join('\n  ')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
