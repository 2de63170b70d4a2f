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
 * Trusts the bytes, not the name or the declared type: only real JPEG, PNG or
 * WebP under 40 megapixels pass (checked from the header before decoding), and
 * every size is a fresh WebP encode, so no metadata (EXIF, GPS) or smuggled
 * payload survives.
 */
export async function reencodePhoto(
  input: Buffer,
): Promise<{ width: number; height: number; files: Record<PhotoSize, Buffer> }> {
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

  try {
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const base = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" }).rotate();
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
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.field("photo", photoMessages.type);
  }
}
