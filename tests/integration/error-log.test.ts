/** The error-log check (tests/setup/error-log.ts) bites: what a request's logger writes at error level is caught. */
import { describe, expect, it } from 'vitest';
import { logger } from '../../src/lib/server/logger';
import { expectErrorLog, takeUnexpectedErrors } from '../fixtures/error-log';

describe('errors the server logs', () => {
  it('are caught from a request’s child logger, and warnings are not', () => {
    const log = logger.child({ requestId: 'error-log-test' });
    log.warn('a warning is not a failure');
    log.error({ err: new Error('disk on fire') }, 'unhandled API error');
    const caught = takeUnexpectedErrors();
    expect(caught).toHaveLength(1);
    expect(caught[0]).toContain('disk on fire');
    expect(caught[0]).toContain('error-log-test');
  });

  it('pass when the test said it expects them, by the message or its error’s', () => {
    expectErrorLog(/disk on fire/);
    logger.error({ err: new Error('disk on fire') }, 'unhandled API error');
    expectErrorLog(/job data is not valid/);
    logger.error({ job: 1 }, 'job data is not valid');
    logger.error('something else');
    expect(takeUnexpectedErrors()).toEqual([expect.stringContaining('something else')]);
  });
});
