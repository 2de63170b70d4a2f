import type { TOperatorMessage } from "@velvet/shared/api/operator";
import { describe, expect, it } from "vitest";
import { mergeMessages } from "./use-console-thread";

const message = (id: number, text = `m${id}`): TOperatorMessage => ({
  id,
  side: id % 2 ? "member" : "profile",
  type: "text",
  text,
  image: null,
  created_at: "2026-01-01T00:00:00.000Z",
  read_at: null,
  operator: null,
});

describe("the console thread", () => {
  it("adds polled and sent messages once each, in id order, keeping the newest copy", () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, "read now"), message(4)]);
    expect(merged.map((entry) => [entry.id, entry.text])).toEqual([
      [1, "m1"],
      [2, "m2"],
      [3, "read now"],
      [4, "m4"],
    ]);
  });
});
