import { cropFitsImage } from "@velvet/shared/api/photos";
import { describe, expect, it } from "vitest";
import { cropFromArea, maxZoomFor } from "./photo-crop";

describe("photo framing", () => {
  it("turns the cropper's area into a crop inside the turned photo, rounding never passing an edge", () => {
    // 900 x 700 turned a quarter is 700 x 900; a frame reaching a fraction past the edge is pulled back in.
    const crop = cropFromArea({ x: 0.4, y: 24.6, width: 700.4, height: 875.5 }, 900, 700, 90);
    expect(crop).toEqual({ x: 0, y: 25, width: 700, height: 875, rotation: 90 });
    expect(crop && cropFitsImage(crop, 900, 700)).toBe(true);
  });

  it("sends no crop for a photo too small to frame at the server's 200 px minimum", () => {
    expect(cropFromArea({ x: 0, y: 0, width: 150, height: 187 }, 150, 187, 0)).toBeNull();
  });

  it("stops zooming where the frame would fall under 200 px a side", () => {
    // 1000 x 2000 upright: the 4:5 frame at zoom 1 is 1000 x 1250, so 1000 / 200 = 5.
    expect(maxZoomFor(1000, 2000, 0)).toBe(5);
    // Turned, the photo is 2000 x 1000: the frame is 800 x 1000, so 800 / 200 = 4.
    expect(maxZoomFor(1000, 2000, 90)).toBe(4);
    expect(maxZoomFor(180, 180, 0)).toBe(1);
  });
});
