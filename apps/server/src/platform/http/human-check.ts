import type { AppConfig } from "../config";
import { AppError } from "./app-error";

/**
 * External captcha and bot-check providers (hCaptcha- and Turnstile-style
 * "siteverify" APIs), used with BOT_CHECK=external (modules/bot-check/guard.ts).
 * Each is on only when its secret is set; the verify URL is configurable so tests
 * point it at a local stand-in.
 */
export interface HumanCheckTokens {
  captchaToken?: string | undefined;
  botCheckToken?: string | undefined;
  remoteIp?: string | undefined;
}

export const humanCheckMessages = {
  captcha: "Please confirm that you are not a robot.",
  unavailable: "We could not check that you are human. Please try again.",
} as const;

async function verifyWithProvider(verifyUrl: string, secret: string, token: string, remoteIp: string | undefined) {
  const form = new URLSearchParams({ secret, response: token });
  if (remoteIp) form.set("remoteip", remoteIp);
  let response: Response;
  try {
    response = await fetch(verifyUrl, { method: "POST", body: form, signal: AbortSignal.timeout(5_000) });
  } catch {
    throw new AppError("validation", humanCheckMessages.unavailable, {
      fields: { captcha: [humanCheckMessages.unavailable] },
    });
  }
  const result = (await response.json().catch(() => ({}))) as { success?: boolean };
  return response.ok && result.success === true;
}

/** Throws a 422 on the `captcha` field when an enabled check fails; does nothing when both are off. */
export async function verifyHumanChecks(
  config: Pick<AppConfig, "captcha" | "botCheck">,
  tokens: HumanCheckTokens,
): Promise<void> {
  const checks = [
    { secret: config.captcha.secret, url: config.captcha.verifyUrl, token: tokens.captchaToken },
    { secret: config.botCheck.secret, url: config.botCheck.verifyUrl, token: tokens.botCheckToken },
  ];
  for (const check of checks) {
    if (!check.secret) continue;
    const passed = check.token
      ? await verifyWithProvider(check.url, check.secret, check.token, tokens.remoteIp)
      : false;
    if (!passed) throw AppError.field("captcha", humanCheckMessages.captcha);
  }
}
