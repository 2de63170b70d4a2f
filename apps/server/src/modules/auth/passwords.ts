import { hash, verify } from "@node-rs/argon2";
import { TEST_PASSWORD_HASH_VARIABLE } from "../../platform/config";

/** argon2id at OWASP's minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const PASSWORD_HASH_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id at the lowest cost it accepts (8 KiB, 1 iteration), for the test suite only: at the real cost each hash
 * took ~50 ms of a CI core (~500 ms on a loaded one), and the suite hashes and verifies thousands of passwords.
 */
const TEST_PASSWORD_HASH_OPTIONS = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

/**
 * The test cost only inside a Vitest worker (VITEST) with NODE_ENV=test and the variable set: read at each call, so
 * a test can unset it (vi.stubEnv) to check the real cost. A production process has no VITEST and refuses the
 * variable at start (config.ts).
 */
export function passwordHashOptions(environment: NodeJS.ProcessEnv = process.env) {
  const lowered =
    environment[TEST_PASSWORD_HASH_VARIABLE] === "1" && environment.NODE_ENV === "test" && Boolean(environment.VITEST);
  return lowered ? TEST_PASSWORD_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions());
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
  const wanted = passwordHashOptions();
  return (memory ?? 0) < wanted.memoryCost || (iterations ?? 0) < wanted.timeCost;
}

/** One per cost (tests switch between the two), so the stand-in always costs what a real verification does. */
const dummyHashes = new Map<number, Promise<string>>();

/**
 * Verifies against a throwaway hash when the email is unknown, so "no such
 * account" takes as long as "wrong password" and timing reveals nothing.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  const cost = passwordHashOptions().memoryCost;
  let dummyHash = dummyHashes.get(cost);
  if (!dummyHash) {
    dummyHash = hashPassword("velvet-timing-equaliser");
    dummyHashes.set(cost, dummyHash);
  }
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
