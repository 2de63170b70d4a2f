import multipart from "@fastify/multipart";
import { photoCropMessages, type TPhotoCrop, ZPhotoCropSchema } from "@velvet/shared/api/photos";
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

type PhotoFilePart = { fieldname: string; filename: string; toBuffer(): Promise<Buffer> };

async function photoBytes(part: PhotoFilePart | undefined): Promise<Buffer> {
  if (part?.fieldname !== "photo") throw AppError.field("photo", photoMessages.missing);
  // The name is never used (files are stored under random keys), but a path in it is an attack, not a photo.
  if (/[/\\\0]|\.\./.test(part.filename)) throw AppError.field("photo", photoMessages.fileName);
  try {
    return await part.toBuffer();
  } catch {
    throw new AppError("payload_too_large", photoMessages.tooLarge);
  }
}

/** The bytes of the multipart field `photo` (checked and re-encoded afterwards, never trusted as sent). */
export async function readPhotoPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.field("photo", photoMessages.missing);
  return photoBytes(await request.file());
}

/** The crop field is JSON text in the form ({x, y, width, height, rotation}), checked with the shared schema. */
function parseCrop(value: unknown): TPhotoCrop {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw AppError.field("crop", photoCropMessages.invalid);
  }
  const parsed = ZPhotoCropSchema.safeParse(json);
  if (!parsed.success) throw AppError.field("crop", photoCropMessages.invalid);
  return parsed.data;
}

/**
 * A profile photo upload: the field `photo` and, optionally, the member's framing in the field `crop`, in either
 * order (a field after the file is only read once the file has been, so every part is walked).
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<{ bytes: Buffer; crop: TPhotoCrop | null }> {
  if (!request.isMultipart()) throw AppError.field("photo", photoMessages.missing);
  let bytes: Buffer | null = null;
  let crop: TPhotoCrop | null = null;
  for await (const part of request.parts()) {
    if (part.type === "file") {
      if (part.fieldname !== "photo") {
        part.file.resume();
        continue;
      }
      bytes = await photoBytes(part);
    } else if (part.fieldname === "crop") {
      crop = parseCrop(part.value);
    }
  }
  if (!bytes) throw AppError.field("photo", photoMessages.missing);
  return { bytes, crop };
}
