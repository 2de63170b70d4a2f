import { PHOTO_CROP_MIN_PX, rotatedSize, type TPhotoCrop } from "@velvet/shared/api/photos";
import type { Area } from "react-easy-crop";

/** Cards and the profile page show photos at 4:5, so that is the frame the member chooses. */
export const ASPECT = 4 / 5;
const MAX_ZOOM = 5;

export type Rotation = TPhotoCrop["rotation"];

/**
 * The largest zoom that still leaves a crop the server accepts (at least 200 px a side): at zoom 1 the frame is
 * the largest 4:5 rectangle in the turned photo, and each step of zoom divides it.
 */
export function maxZoomFor(width: number, height: number, rotation: Rotation): number {
  const turned = rotatedSize(width, height, rotation);
  const frameWidth = turned.width / turned.height > ASPECT ? turned.height * ASPECT : turned.width;
  const frameHeight = frameWidth / ASPECT;
  return Math.min(MAX_ZOOM, Math.max(1, Math.min(frameWidth, frameHeight) / PHOTO_CROP_MIN_PX));
}

/**
 * The cropper's area as the upload's crop, kept inside the turned photo whatever its rounding did; null (the whole
 * photo) when the photo is too small to frame.
 */
export function cropFromArea(area: Area, width: number, height: number, rotation: Rotation): TPhotoCrop | null {
  const turned = rotatedSize(width, height, rotation);
  const x = Math.max(0, Math.round(area.x));
  const y = Math.max(0, Math.round(area.y));
  const crop = {
    x,
    y,
    width: Math.min(Math.round(area.width), turned.width - x),
    height: Math.min(Math.round(area.height), turned.height - y),
    rotation,
  };
  return crop.width < PHOTO_CROP_MIN_PX || crop.height < PHOTO_CROP_MIN_PX ? null : crop;
}
