import { validate } from "@velvet/shared/validation/validate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withImageSize } from "./image-size";

describe("an image's pixel size for the dimensions rule", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads width and height and frees the decoded bitmap", async () => {
    const close = vi.fn();
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => ({ width: 400, height: 300, close })),
    );
    const file = new File([new Uint8Array(2048)], "me.png", { type: "image/png" });
    const image = await withImageSize(file);
    expect(image).toEqual({ name: "me.png", size: 2048, type: "image/png", width: 400, height: 300 });
    expect(close).toHaveBeenCalledOnce();
    expect(validate(image, "image|dimensions:400,300|size:2").valid).toBe(true);
    expect(validate(image, "dimensions:400,400", { field: "photo" })).toMatchObject({
      message: "The photo field must be 400 pixels by 400 pixels",
    });
  });

  it("refuses a file the browser cannot decode", async () => {
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => Promise.reject(new DOMException("bad", "InvalidStateError"))),
    );
    await expect(withImageSize(new File(["x"], "x.png", { type: "image/png" }))).rejects.toThrow("bad");
  });
});
