import type { TAltchaChallenge } from "@velvet/shared/api/bot-check";
import { solveChallenge } from "altcha-lib";
import { deriveKey as pbkdf2 } from "altcha-lib/algorithms/pbkdf2";

/** Anything that can GET an API path with the site key: a TestServer, or an e2e helper around fetch. */
interface ApiRequester {
  request(pathname: string): Promise<Response>;
}

/** Solves a challenge as the ALTCHA widget does, and encodes the payload it would put in the form's `altcha` field. */
export async function solveAltchaChallenge(challenge: TAltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2 });
  if (!solution) throw new Error("could not solve the bot-check challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A fresh challenge from GET /api/bot-check/challenge. */
export async function fetchAltchaChallenge(server: ApiRequester): Promise<TAltchaChallenge> {
  const response = await server.request("/api/bot-check/challenge");
  if (response.status !== 200) throw new Error(`bot-check challenge answered ${response.status}`);
  return (await response.json()) as TAltchaChallenge;
}

/** A solved, unused bot-check payload for one request to a guarded route. */
export async function botCheckPayload(server: ApiRequester): Promise<string> {
  return solveAltchaChallenge(await fetchAltchaChallenge(server));
}

/**
 * The body with a solved `altcha` field, for registration, reset requests,
 * support tickets and guest reports: `jsonRequest("POST", await withBotCheck(server, body))`.
 */
export async function withBotCheck<Body extends object>(server: ApiRequester, body: Body) {
  return { ...body, altcha: await botCheckPayload(server) };
}
