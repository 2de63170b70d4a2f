import { hash, verify } from "@node-rs/argon2";

/** argon2id at OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const PASSWORD_HASH_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when a hash was made with weaker (older) parameters and should be redone at the next sign-in. */
export function needsRehash(storedHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!match) return true;
  const [, memory, iterations] = match.map(Number);
  return (memory ?? 0) < PASSWORD_HASH_OPTIONS.memoryCost || (iterations ?? 0) < PASSWORD_HASH_OPTIONS.timeCost;
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash when the email is unknown, so "no such
 * account" takes as long as "wrong password" and timing reveals nothing.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword("velvet-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Promise<Set<string>> | undefined;

/** The ~49,000 most common passwords (zxcvbn's list), lower-cased; loaded on first use (it is ~10 MB in memory). */
export function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].map((password) => String(password).toLowerCase())),
  );
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
