import { describe, expect, it } from "vitest";
import {
  keepFirstPage,
  listedNotifications,
  markAllRead,
  markOneRead,
  nextPageAfter,
  removeNotification,
} from "./notification-cache";
import { notification, page, pages } from "./test-factories";

const READ_AT = "2026-05-12T10:00:00.000Z";
const ids = (list: ReturnType<typeof listedNotifications>) => list.map((item) => item.id);

describe("the cached notification list", () => {
  it("goes back to page 1 when a notification arrives, so only page 1 is fetched again", () => {
    const loaded = pages(page(1, 3, [9, 8]), page(2, 3, [7, 6]), page(3, 3, [5]));
    const reset = keepFirstPage(loaded);
    expect(reset?.pages).toEqual([loaded.pages[0]]);
    expect(reset?.pageParams).toEqual([1]);
    expect(keepFirstPage(undefined)).toBeUndefined();
  });

  it("marks every listed notification read, keeping an earlier read time", () => {
    const earlier = "2026-05-01T00:00:00.000Z";
    const loaded = pages({
      ...page(1, 2, []),
      data: [notification({ id: 2 }), notification({ id: 1, read_at: earlier })],
    });
    const read = listedNotifications(markAllRead(loaded, READ_AT));
    expect(read.map((item) => [item.read_at, item.isUnread])).toEqual([
      [READ_AT, false],
      [earlier, false],
    ]);
  });

  it("marks one read and leaves the others", () => {
    const read = listedNotifications(markOneRead(pages(page(1, 1, [3, 2])), 2, READ_AT));
    expect(read.map((item) => item.read_at)).toEqual([null, READ_AT]);
  });

  it("removes a deleted notification from whichever page holds it", () => {
    const left = removeNotification(pages(page(1, 2, [4, 3]), page(2, 2, [2, 1])), 2);
    expect(ids(listedNotifications(left))).toEqual([4, 3, 1]);
  });

  it("lists each notification once when a later page repeats one", () => {
    expect(ids(listedNotifications(pages(page(1, 2, [5, 4]), page(2, 2, [4, 3]))))).toEqual([5, 4, 3]);
  });

  it("offers another page while current_page is below last_page", () => {
    expect(nextPageAfter(page(1, 2, []))).toBe(2);
    expect(nextPageAfter(page(2, 2, []))).toBeUndefined();
    expect(nextPageAfter(page(1, 1, []))).toBeUndefined();
  });
});
