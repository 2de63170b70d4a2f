import { describe, expect, it } from "vitest";
import { AddressEcho } from "./address-echo";

describe("AddressEcho", () => {
  it("does not take the form back to an older address that lands while a newer one is on its way", () => {
    const echo = new AddressEcho();
    echo.requested("gender=female", "");
    echo.requested("gender=female&age_min=21", "");
    expect(echo.arrived("gender=female")).toBe(false);
    expect(echo.arrived("gender=female&age_min=21")).toBe(true);
  });

  it("takes an address it did not ask for (Back, a link) and forgets what was on its way", () => {
    const echo = new AddressEcho();
    echo.requested("gender=female", "");
    expect(echo.arrived("state=NSW")).toBe(true);
    expect(echo.arrived("gender=female")).toBe(true);
  });

  it("expects nothing when the form asked for the address already shown", () => {
    const echo = new AddressEcho();
    echo.requested("sort=newest", "sort=newest");
    expect(echo.arrived("state=NSW")).toBe(true);
  });
});
