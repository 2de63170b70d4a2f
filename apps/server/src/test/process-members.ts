import { randomUUID } from "node:crypto";
import { apiHeaders } from "@velvet/shared/api/headers";
import { hashPassword } from "../modules/auth/passwords";
import { addCredits } from "../modules/ledger/ledger";
import type { Database } from "../platform/db/client";
import { users } from "../platform/db/schema/members";

const PASSWORD = "process-password-2026";

/**
 * A verified member written straight into the database that several server
 * processes share (tests that run the server as processes have no in-process
 * factories), with `credits` through the ledger, signed in through `via`.
 */
export async function memberSignedInOn(
  db: Database,
  via: { url: string },
  options: { siteKey: string; label: string; credits?: number },
) {
  const suffix = randomUUID().slice(0, 8);
  const email = `${options.label}-${suffix}@example.com`;
  const [row] = await db.db
    .insert(users)
    .values({
      username: `${options.label}${suffix}`.slice(0, 20),
      email,
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
      birthdate: "1990-01-01",
      gender: "male",
      seeking: "female",
      state: "VIC",
      city: "Melbourne",
    })
    .returning();
  if (!row) throw new Error("member not created");
  const credits = options.credits ?? 0;
  if (credits > 0) {
    await db.db.transaction((tx) => addCredits(tx, row, credits, "test", `${options.label}:${row.id}`));
  }
  const login = await fetch(`${via.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [apiHeaders.siteKey]: options.siteKey },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed with ${login.status}`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  return { ...row, token };
}
