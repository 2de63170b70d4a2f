import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftKey, useDrafts } from "./drafts";

describe("message drafts", () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    storage = new Map();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
    useDrafts.setState({ drafts: {}, outOfCredits: {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps one draft per member and conversation, across a reload, and forgets an emptied one", () => {
    const mine = draftKey("member-a", "conversation-1");
    useDrafts.getState().write(mine, "Coffee on Sunday?");
    useDrafts.getState().write(draftKey("member-a", "conversation-2"), "Hello there");
    useDrafts.setState({ drafts: {} });
    expect(useDrafts.getState().read(mine)).toBe("Coffee on Sunday?");
    expect(useDrafts.getState().read(draftKey("member-b", "conversation-1"))).toBe("");
    useDrafts.getState().write(mine, "  ");
    expect(storage.has(mine)).toBe(false);
  });

  it("puts an unsent message back in front of what was typed since", () => {
    const key = draftKey("member-a", "conversation-1");
    useDrafts.getState().giveBack(key, "First try");
    expect(useDrafts.getState().read(key)).toBe("First try");
    useDrafts.getState().write(key, "and more");
    useDrafts.getState().giveBack(key, "Unsent");
    expect(useDrafts.getState().read(key)).toBe("Unsent\nand more");
    expect(useDrafts.getState().outOfCredits[key]).toBe(true);
  });
});
