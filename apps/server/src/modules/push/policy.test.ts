import { describe, expect, it } from "vitest";
import { pushPolicy } from "./policy";

describe("push endpoints the server will call", () => {
  it("takes the browsers' push services in production", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
    ]) {
      expect(() => pushPolicy.assertDeliverableEndpoint(endpoint, true)).not.toThrow();
    }
  });

  it("refuses in production what would make the server call itself or a private network", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://localhost/push",
      "https://127.0.0.1/push",
      "https://10.0.0.5/push",
      "https://[::1]/push",
      "https://redis.internal/push",
      "https://user:secret@fcm.googleapis.com/fcm/send/abc",
    ]) {
      expect(() => pushPolicy.assertDeliverableEndpoint(endpoint, true), endpoint).toThrow(
        "This push subscription cannot be used.",
      );
    }
  });

  it("lets tests and development use a local push service, and nothing else private", () => {
    expect(() => pushPolicy.assertDeliverableEndpoint("http://127.0.0.1:4000/push/x", false)).not.toThrow();
    expect(() => pushPolicy.assertDeliverableEndpoint("http://10.0.0.5/push", false)).toThrow();
  });
});
