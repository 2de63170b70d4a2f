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

/** localStorage with the visitor's consent to marketing already given (or none at all). */
function consentStorage(marketing: boolean | null): Storage {
  const storage = memoryStorage();
  if (marketing !== null)
    storage.setItem("consent", JSON.stringify({ version: 1, statistics: false, marketing, decided_at: "" }));
  return storage;
}

describe("the visit's campaign", () => {
  beforeEach(() => {
    vi.stubGlobal("sessionStorage", memoryStorage());
    vi.stubGlobal("localStorage", consentStorage(true));
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

describe("the campaign and the visitor's consent", () => {
  beforeEach(() => {
    vi.stubGlobal("sessionStorage", memoryStorage());
  });

  it("stores nothing before consent, and reads the held link when the visitor accepts during the visit", async () => {
    vi.stubGlobal("localStorage", consentStorage(null));
    const { captureCampaign, currentCampaign } = await freshStore();
    await captureCampaign("?s1=held&gclid=g7");
    await captureCampaign("?page=2");
    expect(currentCampaign()).toEqual(defaultCampaign);
    expect(sessionStorage.getItem("campaign")).toBeNull();

    const { saveConsent } = await import("../../lib/consent");
    saveConsent({ statistics: false, marketing: true });
    await vi.waitFor(() => expect(currentCampaign()).toEqual({ ...defaultCampaign, s1: "held", gclid: "g7" }));
  });

  it("captures nothing after 'Essential only', and forgets a stored campaign when consent is withdrawn", async () => {
    vi.stubGlobal("localStorage", consentStorage(false));
    const { captureCampaign, currentCampaign } = await freshStore();
    await captureCampaign("?s1=refused");
    expect(currentCampaign()).toEqual(defaultCampaign);

    const { saveConsent } = await import("../../lib/consent");
    saveConsent({ statistics: false, marketing: true });
    await captureCampaign("?s1=given");
    expect(currentCampaign().s1).toBe("given");
    saveConsent({ statistics: false, marketing: false });
    expect(currentCampaign()).toEqual(defaultCampaign);
  });
});
