// The photos module's public surface: other modules and the app's wiring import only this file.

export type { PhotoSize } from "./image-processing";
export { PHOTO_SIZES, reencodePhoto } from "./image-processing";
export { photoRoutes } from "./routes";
export {
  deletePhoto,
  listOwnPhotos,
  photoFileKey,
  photoOriginalKey,
  presentOwnPhoto,
  setPrimaryPhoto,
  uploadPhoto,
} from "./service";
export { signedMediaUrl } from "./signed-urls";
export { readPhotoPart, registerPhotoUploads } from "./upload-part";
