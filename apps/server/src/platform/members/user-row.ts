import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/members";
import { AppError } from "../http/app-error";
import type { UserRow } from "./types";

/**
 * The caller's whole row, for the few routes that show or change their own profile or account (the current
 * member, the own profile, the export, deletion): every other route makes do with the session's `SessionUser`.
 * Gone between the session check and now only if the account was erased meanwhile: then the caller is signed out.
 */
export async function loadUserRow(db: Db, userId: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("unauthenticated");
  return row;
}
