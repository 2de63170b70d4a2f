import { randomUUID } from "node:crypto";
import type { AppContext } from "../../platform/app-context";
import { messageImages } from "../../platform/db/schema/conversations";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { reencodePhoto, signedMediaUrl } from "../photos";
import { messageImageFileKey } from "./presenter";

/**
 * An image for a conversation, through the same checks as profile photos
 * (content sniffed, 40 MP, re-encoded without metadata). It is stored where
 * only signed URLs reach, and only the uploader can attach it to a message.
 */
export async function uploadMessageImage(context: AppContext, owner: SessionUser, bytes: Buffer) {
  const { files, width, height } = await reencodePhoto(bytes);
  const storageKey = `messages/${randomUUID()}`;
  await context.storage.put(messageImageFileKey(storageKey), files.large);
  const [row] = await context.database.db
    .insert(messageImages)
    .values({ ownerId: owner.id, storageKey, width, height })
    .returning({ uuid: messageImages.uuid });
  if (!row) throw new AppError("internal");
  return { uuid: row.uuid, url: signedMediaUrl(context.config, messageImageFileKey(storageKey)), width, height };
}
