import type { TCurrentUser } from "@velvet/shared/api/auth";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { photos } from "../../platform/db/schema";
import { presentCurrentUser } from "./current-user-presenter";
import type { Authenticated } from "./session-service";

export async function primaryPhotoUrl(context: AppContext, userId: number): Promise<string | null> {
  const [photo] = await context.database.db
    .select({ key: photos.storageKey })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isPrimary, true), eq(photos.status, "approved")));
  return photo ? context.storage.publicUrl(`${photo.key}-thumb.webp`) : null;
}

export async function loadCurrentUser(context: AppContext, auth: Authenticated): Promise<TCurrentUser> {
  return presentCurrentUser(auth.user, {
    primaryPhotoUrl: await primaryPhotoUrl(context, auth.user.id),
    impersonated: auth.session.impersonatorId !== null,
  });
}
