import pino from 'pino';
import { env } from './env';

/** JSON logs; request handlers use `logger.child({ requestId })` so every line carries the request id. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: 'matlib' },
  redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
});

export function configureLogger(): void {
  logger.level = env().LOG_LEVEL;
}
