import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { realtimeChannels } from "@velvet/shared/realtime/events";
import type { Page } from "playwright-core";
import { loadConfig } from "../apps/server/src/platform/config";
import { botCheckPayload } from "../apps/server/src/test/bot-check";
import { pusherPublisher } from "../apps/server/src/test/realtime-clients";
import { readExport } from "../apps/server/src/test/zip-archive";

/** The site key the server accepts: the first of SITE_KEYS, as the web build picks it. */
export const SITE_KEY = (
  process.env.SITE_KEYS ??
  /^SITE_KEYS=(.*)$/m.exec(
    readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.env.example"), "utf8"),
  )?.[1] ??
  ""
)
  .split(",")[0]
  ?.trim();

export interface Member {
  email: string;
  password: string;
  username: string;
  uuid: string;
  token: string;
}

/** Calls the API as a member would through the web app (site key, bearer token, JSON). */
export async function callApi<T = unknown>(
  baseUrl: string,
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method,
    headers: {
      "X-Site-Key": SITE_KEY ?? "",
      Accept: "application/json",
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

/** The operator the demo data seeds; the console's tests sign in as them. */
export const DEMO_OPERATOR = { email: "operator@velvethearts.example", password: "operator-password-2026" };

/** The demo operator's API token, and the fictional profiles the console lists (the only ones that reach its queue). */
export async function demoOperatorDesk(baseUrl: string): Promise<{ token: string; profiles: FictionalProfile[] }> {
  const signedIn = await callApi<{ data: { access_token: string } }>(baseUrl, "POST", "/login", {
    body: DEMO_OPERATOR,
  });
  if (signedIn.status !== 200) throw new Error(`the demo operator could not sign in: ${signedIn.status}`);
  const token = signedIn.body.data.access_token;
  const listed = await callApi<{ data: FictionalProfile[] }>(baseUrl, "GET", "/operator/profiles", { token });
  if (listed.status !== 200 || listed.body.data.length === 0) throw new Error("no fictional profile in the demo data");
  return { token, profiles: listed.body.data };
}

export interface FictionalProfile {
  uuid: string;
  username: string;
}

/** A text message from the member to a profile, as the profile page sends it; the conversation's uuid (201 or throws). */
export async function sendTextMessage(
  baseUrl: string,
  member: Pick<Member, "token">,
  profileUuid: string,
  text: string,
): Promise<string> {
  const sent = await callApi<{ data: { conversation: string } }>(baseUrl, "POST", `/profiles/${profileUuid}/messages`, {
    token: member.token,
    body: { type: "text", text, client_id: crypto.randomUUID() },
  });
  if (sent.status !== 201) throw new Error(`sending answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  return sent.body.data.conversation;
}

/** A solved bot check for one API call made outside the browser (the forms solve it with the widget). */
export function apiBotCheck(baseUrl: string): Promise<string> {
  return botCheckPayload({
    request: (apiPath) => fetch(`${baseUrl}${apiPath}`, { headers: { "X-Site-Key": SITE_KEY ?? "" } }),
  });
}

/** The member's data export (a ZIP), with its data.json parsed. */
export async function downloadExport(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api/account/export`, {
    headers: { "X-Site-Key": SITE_KEY ?? "", Authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`export failed with ${response.status}`);
  return (await readExport(response)).data as { account: { campaign: unknown } };
}

/** The captured email to an address (/dev/mail), waiting for it to arrive. */
async function mailTo(baseUrl: string, address: string): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const list = await (await fetch(`${baseUrl}/dev/mail`)).text();
    for (const [, id] of list.matchAll(/href="\/dev\/mail\/([^"]+)"/g)) {
      const mail = (await (await fetch(`${baseUrl}/dev/mail/${id}.json`)).json()) as {
        to: string;
        subject: string;
        text: string;
      };
      if (mail.to === address) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

/**
 * A new member, registered through the API and verified through the link in
 * their captured email, as a person would (a verified member gets the welcome
 * credits). Men seeking men: the demo member (a man seeking women) never meets
 * them in his search, which other browser tests read from the top.
 */
export async function createVerifiedMember(baseUrl: string, label: string): Promise<Member> {
  const member = await createUnverifiedMember(baseUrl, label);
  const welcome = await mailTo(baseUrl, member.email);
  const verifyToken = /confirm-email\?token=(\S+)/.exec(welcome.text)?.[1] ?? "";
  const verified = await callApi(baseUrl, "POST", "/email/verify", {
    body: { token: decodeURIComponent(verifyToken) },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return member;
}

/** A member just registered through the API, who has not followed the link in their email yet. */
export async function createUnverifiedMember(baseUrl: string, label: string): Promise<Member> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const username = `${label}${stamp}`.slice(0, 20);
  const email = `${username.toLowerCase()}@example.com`;
  const password = "velvet-evening-2026";
  const registered = await callApi<{ data: { access_token: string } }>(baseUrl, "POST", "/register", {
    body: {
      username,
      email,
      password,
      password_confirmation: password,
      birthdate: "1990-06-15",
      gender: "male",
      seeking: "male",
      city: "Sydney",
      terms: true,
      altcha: await apiBotCheck(baseUrl),
    },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const token = registered.body.data.access_token;
  const me = await callApi<{ data: { uuid: string } }>(baseUrl, "POST", "/me", { token });
  return { email, password, username, uuid: me.body.data.uuid, token };
}

/** Signs in through the login form and waits until the real-time connection is up. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.waitForSelector("html[data-realtime-state=connected]");
}

/**
 * Waits until the server counts no real-time connection on the member's notification channel, asked through the
 * Pusher HTTP API by the official client, with the credentials the e2e server runs with (the same environment,
 * read by the server's own config). Closing a page closes its socket, but under load the server may take a
 * while to see it; until then it treats the member as online.
 */
export async function waitUntilOffline(baseUrl: string, userUuid: string, timeoutMs = 15_000): Promise<void> {
  const publisher = pusherPublisher(loadConfig(), Number(new URL(baseUrl).port));
  const started = Date.now();
  for (;;) {
    const response = await publisher.get({ path: `/channels/${realtimeChannels.notifications(userUuid)}` });
    if (response.status !== 200) throw new Error(`The channel API answered ${response.status}`);
    const { occupied } = (await response.json()) as { occupied: boolean };
    if (!occupied) return;
    if (Date.now() - started > timeoutMs) throw new Error(`Member ${userUuid} still connected after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
