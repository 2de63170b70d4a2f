import { beforeEach, describe, expect, it, vi } from "vitest";
import { defaultCampaign } from "./campaign";

/** sessionStorage as a browser tab has it; the web tests run in Node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

async function freshStore() {
  vi.resetModules();
  return import("./campaign-store");
}

describe("the visit's campaign", () => {
  beforeEach(() => {
    vi.stubGlobal("sessionStorage", memoryStorage());
  });

  it("starts with the defaults", async () => {
    const { currentCampaign } = await freshStore();
    expect(currentCampaign()).toEqual(defaultCampaign);
  });

  it("keeps the first values through page loads without campaign parameters", async () => {
    const { captureCampaign, currentCampaign } = await freshStore();
    await captureCampaign("?s1=abc&landing=2&gclid=g1");
    await captureCampaign("");
    await captureCampaign("?redirect=%2Fdashboard");
    expect(currentCampaign()).toEqual({ ...defaultCampaign, s1: "abc", landing: 2, gclid: "g1" });
  });

  it("replaces the whole record when a link brings new campaign parameters", async () => {
    const { captureCampaign, currentCampaign } = await freshStore();
    await captureCampaign("?s1=abc&gclid=g1&landing=2");
    await captureCampaign("?s2=newsletter&tracking_id=t5");
    expect(currentCampaign()).toEqual({ ...defaultCampaign, s2: "newsletter", tracking_id: "t5" });
  });

  it("survives a reload of the page within the visit (sessionStorage)", async () => {
    const first = await freshStore();
    await first.captureCampaign("?s3=reload&landing=3");
    const reloaded = await freshStore();
    expect(reloaded.currentCampaign()).toEqual({ ...defaultCampaign, s3: "reload", landing: 3 });
  });
});
