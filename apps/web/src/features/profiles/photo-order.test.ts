import type { TOwnPhoto } from "@velvet/shared/api/photos";
import { describe, expect, it } from "vitest";
import { movePhoto } from "./photo-order";

function photo(id: string, position: number, isPrimary = false): TOwnPhoto {
  const url = `/media/photos/${id}`;
  return {
    id,
    status: "approved",
    is_primary: isPrimary,
    position,
    urls: { thumb: url, medium: url, large: url },
    original_url: null,
  };
}

const photos = [photo("main", 0, true), photo("a", 1), photo("b", 2), photo("c", 3)];
const ids = (list: TOwnPhoto[] | undefined) => list?.map((item) => item.id);

describe("movePhoto", () => {
  it("swaps a photo with its neighbour and renumbers the positions", () => {
    const later = movePhoto(photos, "a", "later");
    expect(ids(later)).toEqual(["main", "b", "a", "c"]);
    expect(later?.map((item) => item.position)).toEqual([0, 1, 2, 3]);
    expect(ids(movePhoto(photos, "c", "earlier"))).toEqual(["main", "a", "c", "b"]);
  });

  it("cannot move past either end", () => {
    expect(movePhoto(photos, "c", "later")).toBeUndefined();
    expect(movePhoto(photos, "unknown", "earlier")).toBeUndefined();
  });

  it("keeps the main photo first: it does not move and nothing moves in front of it", () => {
    expect(movePhoto(photos, "main", "later")).toBeUndefined();
    expect(movePhoto(photos, "a", "earlier")).toBeUndefined();
  });

  it("leaves the list it was given alone", () => {
    movePhoto(photos, "a", "later");
    expect(ids(photos)).toEqual(["main", "a", "b", "c"]);
  });
});
