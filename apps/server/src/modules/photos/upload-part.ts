import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/app-error";
import { MAX_PHOTO_BYTES, photoMessages } from "./image-processing";

/** One file a request, 10 MB; anything bigger is cut off at the limit, never buffered whole. */
export async function registerPhotoUploads(app: FastifyInstance): Promise<void> {
  // preservePath: busboy would otherwise quietly cut a sent path down to its last part, hiding the attempt.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 6 },
  });
}

/** The bytes of the multipart field `photo` (checked and re-encoded afterwards, never trusted as sent). */
export async function readPhotoPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.field("photo", photoMessages.missing);
  const part = await request.file();
  if (part?.fieldname !== "photo") throw AppError.field("photo", photoMessages.missing);
  // The name is never used (files are stored under random keys), but a path in it is an attack, not a photo.
  if (/[/\\\0]|\.\./.test(part.filename)) throw AppError.field("photo", photoMessages.fileName);
  try {
    return await part.toBuffer();
  } catch {
    throw new AppError("payload_too_large", photoMessages.tooLarge);
  }
}
