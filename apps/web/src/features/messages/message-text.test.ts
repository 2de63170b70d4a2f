import { describe, expect, it } from "vitest";
import { conversationPreview, eventText } from "./message-text";
import { conversation, message, VIEWER } from "./test-factories";

const withLast = (overrides: Parameters<typeof message>[0]) =>
  conversationPreview(conversation({ id: 1, last_message: message(overrides) }));

describe("the last-message preview", () => {
  it("prefixes the viewer's own messages with 'You: '", () => {
    expect(withLast({ id: 1, text: "Hi there" })).toBe("Hi there");
    expect(withLast({ id: 1, text: "Hi there", from_id: VIEWER.id })).toBe("You: Hi there");
  });

  it("describes photos, winks and likes", () => {
    expect(withLast({ id: 1, type: "image", text: null })).toBe("Photo");
    expect(withLast({ id: 1, type: "image", text: null, from_id: VIEWER.id })).toBe("You: Photo");
    expect(withLast({ id: 1, type: "wink", text: null })).toBe("Winked at you");
    expect(withLast({ id: 1, type: "wink", text: null, from_id: VIEWER.id })).toBe("You winked");
    expect(withLast({ id: 1, type: "like", text: null })).toBe("Liked your profile");
  });

  it("keeps to one line and is empty without a message", () => {
    expect(withLast({ id: 1, text: "Line one\n\nline   two" })).toBe("Line one line two");
    expect(conversationPreview(conversation({ id: 1 }))).toBe("");
  });

  it("words winks and likes in the conversation for both sides", () => {
    expect(eventText({ type: "wink" }, false, "Nikki")).toBe("Nikki winked at you");
    expect(eventText({ type: "wink" }, true, "Nikki")).toBe("You winked at Nikki");
    expect(eventText({ type: "like" }, false, "Nikki")).toBe("Nikki liked your profile");
  });
});
