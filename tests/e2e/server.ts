/**
 * Where the server under test keeps its data, shared by the config (which starts the server) and the test
 * processes (which reach its database through the embedded database's socket in that dir). An absolute path, so
 * both agree whatever their working directory.
 */
import path from 'node:path';

// Separate data dirs let several checkouts' journeys run side by side.
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '../..', process.env.E2E_DATA_DIR ?? '.e2e-data');

/** The server's stdout (pino's JSON lines), kept so that a journey can be failed by an error it made the server log. */
export const SERVER_LOG = path.join(E2E_DATA_DIR, 'server.log');
