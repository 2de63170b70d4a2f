import { validationMessages as m } from "../messages";
import type { FileLike, ImageLike, RuleDefinition, RuleParam } from "./types";
import { numberParam } from "./values";

/**
 * File rules of spec §5: image, dimensions, size, ext, mimes. A value is one
 * file or a list of them (a multiple input); every file must pass.
 */

function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== "object" || value === null) return false;
  const file = value as Partial<FileLike>;
  return typeof file.name === "string" && typeof file.size === "number" && typeof file.type === "string";
}

/** The files in a value (a File, a list of them, or a browser FileList), or null when it holds anything else. */
function filesOf(value: unknown): FileLike[] | null {
  if (isFileLike(value)) return [value];
  const list =
    typeof value === "object" && value !== null && "length" in value ? Array.from(value as ArrayLike<unknown>) : null;
  return list?.every(isFileLike) ? list : null;
}

function everyFile(value: unknown, check: (file: FileLike) => boolean): boolean {
  const files = filesOf(value);
  return files !== null && files.length > 0 && files.every(check);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

const imageExtensions = new Set(["jpg", "jpeg", "png", "gif", "bmp", "svg", "webp", "avif", "heic"]);

/** By its MIME type; a file the browser could not type is judged by its extension. */
function isImage(file: FileLike): boolean {
  return file.type ? file.type.startsWith("image/") : imageExtensions.has(extensionOf(file.name));
}

function listed(params: readonly RuleParam[]): string[] {
  return params.map((param) => String(param).trim().toLowerCase().replace(/^\./, ""));
}

/** "image/*" accepts every image type. */
function mimeMatches(type: string, accepted: string): boolean {
  return accepted.endsWith("/*") ? type.startsWith(accepted.slice(0, -1)) : type === accepted;
}

function hasDimensions(file: FileLike): file is ImageLike {
  const image = file as Partial<ImageLike>;
  return typeof image.width === "number" && typeof image.height === "number";
}

const bytesPerKilobyte = 1024;

export const fileRules = {
  image: {
    validate: (value) => everyFile(value, isImage),
    message: () => ({ template: m.image }),
  },

  /** dimensions:width,height in pixels, exactly; the value must carry its width and height. */
  dimensions: {
    validate: (value, params) =>
      everyFile(
        value,
        (file) =>
          hasDimensions(file) &&
          file.width === numberParam("dimensions", params) &&
          file.height === numberParam("dimensions", params, 1),
      ),
    message: (params) => ({
      template: m.dimensions,
      values: { width: numberParam("dimensions", params), height: numberParam("dimensions", params, 1) },
    }),
  },

  /** size:kilobytes, the most each file may weigh. */
  size: {
    validate: (value, params) =>
      everyFile(value, (file) => file.size <= numberParam("size", params) * bytesPerKilobyte),
    message: (params) => ({ template: m.size, values: { size: numberParam("size", params) } }),
  },

  /** ext:jpg,png: the file name's extension, any case. */
  ext: {
    validate: (value, params) => everyFile(value, (file) => listed(params).includes(extensionOf(file.name))),
    message: (params) => ({ template: m.ext, values: { values: listed(params).join(", ") } }),
  },

  /** mimes:image/jpeg,image/png or a family such as image/*. */
  mimes: {
    validate: (value, params) =>
      everyFile(value, (file) => listed(params).some((accepted) => mimeMatches(file.type.toLowerCase(), accepted))),
    message: (params) => ({ template: m.mimes, values: { values: listed(params).join(", ") } }),
  },
} satisfies Record<string, RuleDefinition>;
