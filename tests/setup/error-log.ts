/**
 * An error the server logs fails the test that caused it, unless the test said it expects one
 * (`expectErrorLog` in tests/fixtures/error-log.ts): a 500 that a test's assertions happen not to look at, or a job
 * that failed in the background, would otherwise pass unnoticed. Set TEST_LOG_LEVEL to also print the logs.
 */
import pino from 'pino';
import { afterEach } from 'vitest';
import { logger } from '../../src/lib/server/logger';
import { takeUnexpectedErrors, recordLogLine } from '../fixtures/error-log';

// Replaced before any request makes a child logger: children write to their parent's stream.
const print = Boolean(process.env.TEST_LOG_LEVEL);
(logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
  write(line: string) {
    recordLogLine(line);
    if (print) process.stdout.write(line);
  },
};

afterEach(() => {
  const unexpected = takeUnexpectedErrors();
  if (unexpected.length > 0) throw new Error(`the server logged ${unexpected.length} unexpected error(s):\n${unexpected.join('\n')}`);
});
