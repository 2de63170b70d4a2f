import { describe, expect, it } from "vitest";
import { describeDevice } from "./device-label";

describe("describeDevice", () => {
  it("names the browser and system of a desktop and a phone", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toEqual({ label: "Chrome on macOS", mobile: false });
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ label: "Safari on iOS", mobile: true });
  });

  it("falls back when nothing was recorded or nothing is recognised", () => {
    expect(describeDevice(null)).toEqual({ label: "Unknown device", mobile: false });
    expect(describeDevice("curl-ish")).toEqual({ label: "Unknown device", mobile: false });
  });
});
