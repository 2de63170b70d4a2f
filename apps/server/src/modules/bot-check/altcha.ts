import { randomInt } from "node:crypto";
import type { TAltchaChallenge } from "@velvet/shared/api/bot-check";
import { z } from "@velvet/shared/validation/z";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey as pbkdf2 } from "altcha-lib/algorithms/pbkdf2";
import type { AppContext } from "../../platform/app-context";
import type { AppConfig } from "../../platform/config";
import { deriveKey } from "../../platform/security/secrets";
import { createUsedChallenges, type UsedChallenges } from "./used-challenges";

/**
 * ALTCHA proof of work, in its v2 format (altcha-lib 2, solved by the altcha 3
 * widget). Deterministic mode: the server picks the counter, so solving takes the
 * browser COUNTER/2..COUNTER PBKDF2 derivations on average (well under a second)
 * while checking a solution costs one HMAC (the signed derived key).
 */
const ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations per attempt. */
const COST = 500;
/** The secret counter the browser must reach, drawn in this range. */
const COUNTER_MIN = 500;
const COUNTER_MAX = 1500;
export const CHALLENGE_TTL_SECONDS = 600;

/** Keys of their own, derived from APP_SECRET, so the challenge signature signs nothing else. */
function signingSecrets(config: Pick<AppConfig, "appSecret">) {
  return {
    hmacSignatureSecret: deriveKey(config.appSecret, "altcha-challenge").toString("hex"),
    hmacKeySignatureSecret: deriveKey(config.appSecret, "altcha-derived-key").toString("hex"),
  };
}

export async function createAltchaChallenge(config: Pick<AppConfig, "appSecret">): Promise<TAltchaChallenge> {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MIN, COUNTER_MAX + 1),
    deriveKey: pbkdf2,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    ...signingSecrets(config),
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? "" };
}

const hex = (maxLength: number) =>
  z
    .string()
    .regex(/^[0-9a-f]+$/)
    .max(maxLength);

/** The widget's payload as it must look; anything else is refused before any crypto runs. */
const ZSolvedPayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: hex(64),
      salt: hex(64),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: hex(128),
      // Required here although altcha-lib treats it as optional: a challenge without one would never expire.
      expiresAt: z.number().int().positive(),
    }),
    signature: hex(128),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: hex(128) }),
});

function decodePayload(payload: string) {
  try {
    return ZSolvedPayloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).data;
  } catch {
    return undefined;
  }
}

// One register of spent challenges per running server, shared by every guarded route (tests run several servers in one process).
const usedChallengesByServer = new WeakMap<AppContext, UsedChallenges>();
function usedChallenges(context: AppContext): UsedChallenges {
  let used = usedChallengesByServer.get(context);
  if (!used) {
    used = createUsedChallenges(context.redis, context.config.redisKeyPrefix);
    usedChallengesByServer.set(context, used);
  }
  return used;
}

/**
 * For a solution of a challenge this site signed, unexpired and not used before (it is now): a function that
 * gives the use back (for a request that then failed on our side); undefined for anything else.
 */
export async function spendAltchaSolution(
  context: AppContext,
  payload: string | undefined,
): Promise<(() => Promise<void>) | undefined> {
  const solved = payload ? decodePayload(payload) : undefined;
  if (!solved) return undefined;
  const result = await verifySolution({
    challenge: solved.challenge,
    solution: solved.solution,
    deriveKey: pbkdf2,
    ...signingSecrets(context.config),
  }).catch(() => undefined);
  if (!result?.verified) return undefined;
  // Marked only once verified, so unsolved payloads cannot fill the register.
  const secondsLeft = Math.ceil(solved.challenge.parameters.expiresAt - Date.now() / 1000);
  const used = usedChallenges(context);
  const { nonce } = solved.challenge.parameters;
  if (!(await used.markUsed(nonce, Math.max(1, secondsLeft)))) return undefined;
  return () => used.release(nonce);
}
