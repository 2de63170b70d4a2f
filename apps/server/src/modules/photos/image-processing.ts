import { cropFitsImage, photoCropMessages, type TPhotoCrop } from "@velvet/shared/api/photos";
import type { Sharp } from "sharp";
import { AppError } from "../../platform/http/app-error";

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export const photoMessages = {
  type: "The photo must be a JPEG, PNG or WebP image.",
  tooLarge: "The photo may not be larger than 10 MB.",
  tooManyPixels: "The photo may not be larger than 40 megapixels.",
  missing: "The photo field is required",
  fileName: "The photo's file name is not valid.",
} as const;

/**
 * Markup no photo carries: a JPEG that is also an HTML or SVG document (a
 * polyglot) is refused outright rather than trusted to the re-encode, so it never
 * sits in storage or a moderation queue in its sent form.
 */
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)[\s>/]/i;

export function carriesMarkup(input: Buffer): boolean {
  return MARKUP.test(input.toString("latin1"));
}

/** The sizes the pages need: gallery, cards and lists. */
export const PHOTO_SIZES = {
  large: { width: 1200, height: 1200, fit: "inside" as const },
  medium: { width: 600, height: 600, fit: "inside" as const },
  thumb: { width: 320, height: 320, fit: "cover" as const },
};

export type PhotoSize = keyof typeof PHOTO_SIZES;

/**
 * Trusts the bytes, not the name or the declared type: only real JPEG, PNG or WebP under 40 megapixels pass
 * (checked from the header before decoding).
 */
async function assertAcceptedPhoto(input: Buffer): Promise<void> {
  if (carriesMarkup(input)) throw AppError.field("photo", photoMessages.type);
  const { default: sharp } = await import("sharp");
  let metadata: { format?: string; width?: number; height?: number };
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw AppError.field("photo", photoMessages.type);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw AppError.field("photo", photoMessages.type);
  if (!metadata.width || !metadata.height) throw AppError.field("photo", photoMessages.type);
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) throw AppError.field("photo", photoMessages.tooManyPixels);
}

/** Every size is a fresh WebP encode, so no metadata (EXIF, GPS) or smuggled payload survives. */
async function encodeSizes(base: Sharp): Promise<{ width: number; height: number; files: Record<PhotoSize, Buffer> }> {
  const { default: sharp } = await import("sharp");
  const entries = await Promise.all(
    (Object.keys(PHOTO_SIZES) as PhotoSize[]).map(async (size) => {
      const { width, height, fit } = PHOTO_SIZES[size];
      const file = await base
        .clone()
        .resize({ width, height, fit, withoutEnlargement: fit === "inside" })
        .webp({ quality: 82 })
        .toBuffer();
      return [size, file] as const;
    }),
  );
  const files = Object.fromEntries(entries) as Record<PhotoSize, Buffer>;
  const { width, height } = await sharp(files.large).metadata();
  return { width: width ?? 0, height: height ?? 0, files };
}

/** A checked photo, re-encoded to the sizes the pages need (message images, and profile photos without a crop). */
export async function reencodePhoto(
  input: Buffer,
): Promise<{ width: number; height: number; files: Record<PhotoSize, Buffer> }> {
  await assertAcceptedPhoto(input);
  const { default: sharp } = await import("sharp");
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    return await encodeSizes(sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" }).rotate());
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.field("photo", photoMessages.type);
  }
}

/**
 * The original a profile photo is derived from, kept privately so it can be framed again later: upright (its EXIF
 * orientation applied) and without metadata, since a member's camera and location data are not ours to keep.
 * JPEG at high quality rather than WebP: WebP stops at 16,383 pixels a side, which a 40-megapixel panorama passes.
 */
export async function normalizeOriginal(input: Buffer): Promise<Buffer> {
  await assertAcceptedPhoto(input);
  const { default: sharp } = await import("sharp");
  try {
    return await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .rotate()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
      .toBuffer();
  } catch {
    throw AppError.field("photo", photoMessages.type);
  }
}

/**
 * The public sizes of a profile photo from its stored original and the member's framing. The turn and the cut are
 * made first, to raw pixels, and the sizes from those: in one sharp pipeline an extract after a rotate would run
 * after the resize, cutting the wrong pixels.
 */
export async function derivePhoto(
  original: Buffer,
  crop: TPhotoCrop | null,
): Promise<{ width: number; height: number; files: Record<PhotoSize, Buffer> }> {
  const { default: sharp } = await import("sharp");
  if (!crop) return encodeSizes(sharp(original, { limitInputPixels: MAX_PHOTO_PIXELS }));
  const { width = 0, height = 0 } = await sharp(original, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
  if (!cropFitsImage(crop, width, height)) throw AppError.field("crop", photoCropMessages.outside);
  const cut = await sharp(original, { limitInputPixels: MAX_PHOTO_PIXELS })
    .rotate(crop.rotation)
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: cutWidth, height: cutHeight, channels } = cut.info;
  return encodeSizes(sharp(cut.data, { raw: { width: cutWidth, height: cutHeight, channels } }));
}
