/**
 * Points this test process at the database of the server under test before any module of the app is loaded (the
 * fixtures import this first): with DATA_DIR set and no DATABASE_URL, the app's pool connects to the embedded
 * database's Unix socket in the server's data dir, so fixtures made here are what the server reads.
 */
import { E2E_DATA_DIR } from './server';

process.env.DATA_DIR = E2E_DATA_DIR;
delete process.env.DATABASE_URL;
// The embedded database serves a fixed number of connections (16), and the server's pool may take 10 of them.
process.env.DATABASE_POOL_MAX = '2';
process.env.LOG_LEVEL ??= 'warn';
