import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, env } from '../env';

let cached: { source: string; secret: Buffer } | undefined;

/**
 * The key signed URLs are made with: `URL_SIGNING_SECRET` when set (every app process of a site must share it),
 * else 32 random bytes kept in `<dataDir>/url-signing.key` (mode 0600), created on first use and read once.
 * Creation is atomic (written aside, then hard-linked into place), so two processes starting together agree.
 */
export function urlSigningSecret(): Buffer {
  const configured = env().URL_SIGNING_SECRET;
  const source = configured ? 'env' : path.join(dataDir(), 'url-signing.key');
  if (cached?.source === source) return cached.secret;
  const secret = configured ? Buffer.from(configured, 'utf8') : readOrCreateKeyFile(source);
  cached = { source, secret };
  return secret;
}

function readOrCreateKeyFile(file: string): Buffer {
  const existing = readKey(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  const key = readKey(file);
  if (!key) throw new Error(`${file} does not hold a URL signing key`);
  return key;
}

function readKey(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const key = Buffer.from(text, 'base64url');
  if (key.length < 32) throw new Error(`${file} holds a key shorter than 32 bytes; delete it to make a new one`);
  return key;
}
