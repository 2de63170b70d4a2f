import type { ImageLike } from "@velvet/shared/validation/rules/types";

/**
 * A picked image with its pixel size, for the dimensions rule. The browser
 * decodes it off the main thread; a file that is not a decodable image is
 * refused here rather than passed on without a size.
 */
export async function withImageSize(file: File): Promise<ImageLike> {
  const bitmap = await createImageBitmap(file);
  try {
    return { name: file.name, size: file.size, type: file.type, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}
