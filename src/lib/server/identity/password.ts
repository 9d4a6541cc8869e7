import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's m=19 MiB, t=2, p=1 (docs/architecture.md#layers-at-a-glance). Algorithm 2 is argon2id in @node-rs/argon2.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the account does not exist keeps the timing of both answers the same. */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password');
  return dummy;
}
