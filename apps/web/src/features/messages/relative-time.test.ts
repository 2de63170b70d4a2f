import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.parse("2026-05-12T12:00:00.000Z");
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

describe("relative time", () => {
  it("uses the compact wording of spec §9 on small screens", () => {
    const compact = (seconds: number) => relativeTime(ago(seconds), now, "compact");
    expect(compact(10)).toBe("few sec");
    expect(compact(60)).toBe("a min");
    expect(compact(5 * MIN)).toBe("5m");
    expect(compact(60 * MIN)).toBe("an hr");
    expect(compact(3 * HOUR)).toBe("3 hrs");
    expect(compact(26 * HOUR)).toBe("a day");
    expect(compact(4 * DAY)).toBe("4 days");
    expect(compact(30 * DAY)).toBe("a month");
    expect(compact(92 * DAY)).toBe("3 months");
    expect(compact(400 * DAY)).toBe("a year");
    expect(compact(3 * 365 * DAY)).toBe("3 years");
  });

  it("says '5 min ago' in the long form", () => {
    const long = (seconds: number) => relativeTime(ago(seconds), now);
    expect(long(10)).toBe("just now");
    expect(long(70)).toBe("1 min ago");
    expect(long(5 * MIN)).toBe("5 min ago");
    expect(long(60 * MIN)).toBe("1 hour ago");
    expect(long(5 * HOUR)).toBe("5 hours ago");
    expect(long(30 * HOUR)).toBe("1 day ago");
    expect(long(2 * DAY)).toBe("2 days ago");
    expect(long(60 * DAY)).toBe("2 months ago");
    expect(long(2 * 365 * DAY)).toBe("2 years ago");
  });

  it("switches units at the standard thresholds", () => {
    const compact = (seconds: number) => relativeTime(ago(seconds), now, "compact");
    expect(compact(44)).toBe("few sec");
    expect(compact(45)).toBe("a min");
    expect(compact(89)).toBe("a min");
    expect(compact(90)).toBe("2m");
    expect(compact(44 * MIN)).toBe("44m");
    expect(compact(45 * MIN)).toBe("an hr");
    expect(compact(21 * HOUR)).toBe("21 hrs");
    expect(compact(22 * HOUR)).toBe("a day");
    expect(compact(36 * HOUR)).toBe("2 days");
  });

  it("treats a time in the future (a fast clock) as now, and accepts dates and numbers", () => {
    expect(relativeTime(new Date(now + 30_000), now)).toBe("just now");
    expect(relativeTime(now - 5 * MIN * 1000, now, "compact")).toBe("5m");
    expect(relativeTime("not a date", now)).toBe("");
  });
});
