import { describe, expect, it } from "vitest";
import { newClientId, type PendingMessage, visiblePending } from "./outbox";
import { message } from "./test-factories";

const pending = (clientId: string): PendingMessage => ({
  clientId,
  conversationUuid: "conversation-1",
  type: "text",
  text: "Hi",
  image: null,
  createdAt: "2026-05-12T10:00:00.000Z",
  status: "sending",
  failure: null,
});

describe("the outbox", () => {
  it("hides a pending bubble as soon as its message has arrived, by client_id", () => {
    const waiting = [pending("a"), pending("b")];
    expect(visiblePending(waiting, [message({ id: 1, client_id: "a" })]).map((item) => item.clientId)).toEqual(["b"]);
  });

  it("makes version-4 UUIDs for client_id", () => {
    const id = newClientId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientId()).not.toBe(id);
  });
});
