import { z } from "../validation/z";

/** A photo as its owner sees it in the photo manager: every status, with a position in their order. */
export const ZOwnPhotoSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  is_primary: z.boolean(),
  position: z.number().int(),
  urls: z.object({ thumb: z.string(), medium: z.string(), large: z.string() }),
  /** A signed, expiring URL of the upright original to frame the photo again; null for photos without one. */
  original_url: z.string().nullable(),
});
export type TOwnPhoto = z.infer<typeof ZOwnPhotoSchema>;

/** Every photo-manager action answers with the whole list, in display order (main photo first). */
export const ZOwnPhotoListResponseSchema = z.object({ data: z.array(ZOwnPhotoSchema) });
export type TOwnPhotoListResponse = z.infer<typeof ZOwnPhotoListResponseSchema>;

/** The member's photos, each listed once, in the order other members should see them. */
export const ZReorderPhotosRequestSchema = z.object({ order: z.array(z.uuid()).max(50) });
export type TReorderPhotosRequest = z.infer<typeof ZReorderPhotosRequestSchema>;

/**
 * How the member framed a photo before uploading it: a rectangle in pixels of the original, after its own
 * orientation (EXIF) and then the member's rotation are applied. Rotation is in quarter turns only: that is what a
 * phone photo needs (one taken sideways), it keeps the crop a plain rectangle of real pixels with no corners to fill,
 * and the server can check the rectangle lies within the image exactly.
 */
export const photoRotations = [0, 90, 180, 270] as const;
export const PHOTO_CROP_MIN_PX = 200;

export const ZPhotoCropSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(PHOTO_CROP_MIN_PX),
  height: z.number().int().min(PHOTO_CROP_MIN_PX),
  rotation: z.literal(photoRotations),
});
export type TPhotoCrop = z.infer<typeof ZPhotoCropSchema>;

/** The image's size once rotated: a quarter or three-quarter turn swaps width and height. */
export function rotatedSize(width: number, height: number, rotation: TPhotoCrop["rotation"]) {
  return rotation % 180 === 0 ? { width, height } : { width: height, height: width };
}

/** Whether the crop lies wholly within an image of this size (width and height before the member's rotation). */
export function cropFitsImage(crop: TPhotoCrop, width: number, height: number): boolean {
  const rotated = rotatedSize(width, height, crop.rotation);
  return crop.x + crop.width <= rotated.width && crop.y + crop.height <= rotated.height;
}

export const photoCropMessages = {
  invalid: `The crop must be a rectangle of at least ${PHOTO_CROP_MIN_PX} by ${PHOTO_CROP_MIN_PX} pixels, turned by 0, 90, 180 or 270 degrees.`,
  outside: "The crop must lie within the photo.",
} as const;

/** Framing an uploaded photo again, from its stored original. */
export const ZReframePhotoRequestSchema = z.object({ crop: ZPhotoCropSchema });
export type TReframePhotoRequest = z.infer<typeof ZReframePhotoRequestSchema>;
