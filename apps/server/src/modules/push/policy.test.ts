import { describe, expect, it } from "vitest";
import { pushPolicy } from "./policy";

const production = { localServiceForTests: false };
const testHarness = { localServiceForTests: true };

describe("push endpoints the server will call", () => {
  it("takes the browsers' push services in production", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
    ]) {
      expect(() => pushPolicy.assertDeliverableEndpoint(endpoint, production)).not.toThrow();
    }
  });

  it("refuses in production what would make the server call itself or a private network", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://localhost/push",
      "https://127.0.0.1/push",
      "https://10.0.0.5/push",
      "https://[::1]/push",
      "https://[::ffff:169.254.169.254]/push",
      "https://redis.internal/push",
      "https://metadata/computeMetadata/v1/",
      "https://user:secret@fcm.googleapis.com/fcm/send/abc",
    ]) {
      expect(() => pushPolicy.assertDeliverableEndpoint(endpoint, production), endpoint).toThrow(
        "This push subscription cannot be used.",
      );
    }
  });

  it("refuses private names spelt with a trailing dot and names that spell a private address", () => {
    for (const endpoint of [
      "https://169.254.169.254.nip.io/latest/meta-data/",
      "https://10-0-0-1.sslip.io/push",
      "https://metadata.google.internal./computeMetadata/v1/",
      "https://localhost./push",
    ]) {
      expect(() => pushPolicy.assertDeliverableEndpoint(endpoint, production), endpoint).toThrow(
        "This push subscription cannot be used.",
      );
    }
  });

  it("lets only the test harnesses use a push service on this machine, and nothing else private", () => {
    expect(() => pushPolicy.assertDeliverableEndpoint("http://127.0.0.1:4000/push/x", testHarness)).not.toThrow();
    expect(() => pushPolicy.assertDeliverableEndpoint("http://127.0.0.1:4000/push/x", production)).toThrow();
    expect(() => pushPolicy.assertDeliverableEndpoint("http://10.0.0.5/push", testHarness)).toThrow();
    expect(() => pushPolicy.assertDeliverableEndpoint("https://169.254.169.254.nip.io/", testHarness)).toThrow();
  });
});
