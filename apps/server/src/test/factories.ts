import { randomBytes } from "node:crypto";
import { latestBirthdateForAge, todayInTimezone } from "@velvet/shared/validation/age";
import { and, count, eq, isNull, lte, sql } from "drizzle-orm";
import { hashPassword } from "../modules/auth/passwords";
import { jobs } from "../platform/db/schema/jobs";
import { users } from "../platform/db/schema/members";
import { type CapturedMail, capturedMailbox } from "../platform/mail/mailer";
import { withBotCheck } from "./bot-check";
import type { TestServer } from "./support";

export const DEFAULT_PASSWORD = "velvet-test-password-42";

let counter = 0;
function unique(): string {
  counter += 1;
  return `${counter}${randomBytes(3).toString("hex")}`;
}

export interface MemberFactoryOptions {
  email?: string;
  username?: string;
  password?: string;
  roles?: string[];
  verified?: boolean;
  features?: Record<string, string | boolean>;
}

/** A member straight in the database (faster than the API when the test is about something else). */
export async function createMember(server: TestServer, options: MemberFactoryOptions = {}) {
  const suffix = unique();
  const [row] = await server.context.database.db
    .insert(users)
    .values({
      username: options.username ?? `member${suffix}`.slice(0, 20),
      email: (options.email ?? `member${suffix}@example.com`).toLowerCase(),
      passwordHash: await hashPassword(options.password ?? DEFAULT_PASSWORD),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      roles: options.roles ?? ["member"],
      features: options.features ?? {},
      birthdate: "1990-01-15",
      gender: "male",
      seeking: "female",
      state: "NSW",
      city: "Sydney",
    })
    .returning();
  if (!row) throw new Error("member not created");
  return { ...row, password: options.password ?? DEFAULT_PASSWORD };
}

export async function reloadUser(server: TestServer, id: number) {
  const [row] = await server.context.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Signs in over HTTP; returns the bearer header and the refresh cookie, as a browser would hold them. */
export async function signIn(server: TestServer, email: string, password: string = DEFAULT_PASSWORD) {
  const response = await server.request("/api/login", jsonRequest("POST", { email, password }));
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data: { access_token: string } };
  return {
    accessToken: body.data.access_token,
    authorization: { Authorization: `Bearer ${body.data.access_token}` },
    refreshCookie: refreshCookieOf(response),
  };
}

export function refreshCookieOf(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("velvet_refresh="));
  if (!header) throw new Error("no refresh cookie");
  return header.split(";")[0] ?? "";
}

export function registrationBody(overrides: Record<string, unknown> = {}, timeZone = "Australia/Sydney") {
  const suffix = unique();
  return {
    username: `newbie${suffix}`.slice(0, 20),
    email: `newbie${suffix}@example.com`,
    password: "sunny-beach-walk-77",
    password_confirmation: "sunny-beach-walk-77",
    birthdate: latestBirthdateForAge(25, todayInTimezone(timeZone)),
    gender: "male",
    seeking: "female",
    city: "Melbourne",
    terms: true,
    ...overrides,
  };
}

/** Registers over HTTP as the web form does, bot check solved: the body sent and the answer. */
export async function registerThroughApi(
  server: TestServer,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const body = registrationBody(overrides);
  const response = await server.request(
    "/api/register",
    jsonRequest("POST", await withBotCheck(server, body), headers),
  );
  return { body, response };
}

/** Every mail the jobs queue has delivered to `address` through the capturing mailer (DATA_DIR/mail), newest first. */
export async function mailsTo(server: TestServer, address: string): Promise<CapturedMail[]> {
  const { config } = server.context;
  return (await capturedMailbox(config.dataDir, config.mail.from).list()).filter(
    (mail) => mail.to.toLowerCase() === address.toLowerCase(),
  );
}

/**
 * Waits for the jobs queue to deliver mail to `address` (the request that caused it only queued it): answers the
 * newest once `count` (default 1) have arrived, optionally only those whose subject matches.
 */
export async function waitForMail(
  server: TestServer,
  address: string,
  options: { subject?: RegExp; count?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const { subject, count = 1, timeoutMs = 10_000 } = options;
  const started = Date.now();
  for (;;) {
    const mails = (await mailsTo(server, address)).filter((mail) => !subject || subject.test(mail.subject));
    if (mails.length >= count && mails[0]) return mails[0];
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until no job is due or running, so a test can say that some mail was NOT sent. */
export async function waitForJobsToSettle(server: TestServer, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const [pending] = await server.context.database.db
      .select({ value: count() })
      .from(jobs)
      .where(and(isNull(jobs.completedAt), isNull(jobs.failedAt), lte(jobs.runAt, sql`now()`)));
    if ((pending?.value ?? 0) === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`jobs still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path.replace("/", "\\/")}\\?token=([^&\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail`);
  return decodeURIComponent(match[1]);
}

/** Credits through the real ledger (as a purchase would), so balance == sum(ledger) holds in tests too. */
export async function giveCredits(server: TestServer, user: { id: number; uuid: string }, amount: number) {
  const { addCredits } = await import("../modules/ledger/ledger");
  await server.context.database.db.transaction((tx) =>
    addCredits(tx, user, amount, "test", `test:${user.id}:${randomBytes(6).toString("hex")}`),
  );
}

/** A member with their bearer header, for tests that act as several members over HTTP. */
export async function signedInMember(server: TestServer, options: MemberFactoryOptions = {}) {
  const row = await createMember(server, options);
  const { authorization } = await signIn(server, row.email ?? "", row.password);
  return { ...row, auth: authorization };
}

/** A guest's support ticket from `email`, sent as the contact form sends it (bot check solved). */
export async function guestTicket(
  server: TestServer,
  email: string,
  message = "A question that is long enough to be a ticket.",
): Promise<Response> {
  const body = { email, subject: "A question", category: "other", message, source: "contact-us" };
  return server.request("/api/support-tickets", jsonRequest("POST", await withBotCheck(server, body)));
}

/** A guest's report about the member `reportedUuid`, from `email` (bot check solved). */
export async function guestReport(
  server: TestServer,
  reportedUuid: string,
  email: string,
  details?: string,
): Promise<Response> {
  const body = { reported_uuid: reportedUuid, reason: "fake_profile", email, ...(details ? { details } : {}) };
  return server.request("/api/reports", jsonRequest("POST", await withBotCheck(server, body)));
}
