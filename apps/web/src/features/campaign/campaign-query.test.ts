import { ZCampaignSchema } from "@velvet/shared/api/auth";
import { describe, expect, it } from "vitest";
import { campaignPayload, defaultCampaign } from "./campaign";
import { campaignFromQuery, parseQuery } from "./campaign-query";

function repeated(count: number, make: (index: number) => string): string {
  return Array.from({ length: count }, (_, index) => make(index)).join("&");
}

describe("campaign parameters from the query string", () => {
  it("reads every campaign parameter, landing as a number", () => {
    expect(campaignFromQuery("?s1=fb&s2=spring&s3=a&s4=b&s5=c&gclid=g-1&tracking_id=t9&landing=3")).toEqual({
      s1: "fb",
      s2: "spring",
      s3: "a",
      s4: "b",
      s5: "c",
      gclid: "g-1",
      tracking_id: "t9",
      landing: 3,
    });
  });

  it("gives s1 to s5 'empty' and landing 1 when the link leaves them out", () => {
    expect(campaignFromQuery("?gclid=g-7")).toEqual({ ...defaultCampaign, gclid: "g-7" });
    expect(defaultCampaign).toMatchObject({ s1: "empty", s2: "empty", s3: "empty", s4: "empty", s5: "empty" });
    expect(defaultCampaign.landing).toBe(1);
  });

  it("treats empty values as missing", () => {
    expect(campaignFromQuery("?s1=&gclid=&landing=")).toEqual(defaultCampaign);
  });

  it("is null when the query names no campaign parameter", () => {
    expect(campaignFromQuery("")).toBeNull();
    expect(campaignFromQuery("?redirect=%2Fmessages&page=2")).toBeNull();
  });

  it("falls back to landing 1 for a landing that is not a whole number from 1 to 1000", () => {
    for (const landing of ["abc", "0", "-3", "2.5", "1001", "3e2"]) {
      expect(campaignFromQuery(`?landing=${landing}`)?.landing).toBe(1);
    }
    expect(campaignFromQuery("?landing=1000")?.landing).toBe(1000);
  });

  it("takes the first of repeated values and ignores nested ones", () => {
    expect(campaignFromQuery("?s1=first&s1=second")?.s1).toBe("first");
    expect(campaignFromQuery("?s2[a]=x&landing=2")).toEqual({ ...defaultCampaign, landing: 2 });
  });

  it("cuts values to what the register body accepts", () => {
    const campaign = campaignFromQuery(
      `?s1=${"x".repeat(300)}&gclid=${"g".repeat(300)}&tracking_id=${"t".repeat(150)}`,
    );
    expect(campaign?.s1).toHaveLength(100);
    expect(campaign?.gclid).toHaveLength(200);
    expect(campaign?.tracking_id).toHaveLength(100);
    expect(ZCampaignSchema.safeParse(campaign && campaignPayload(campaign)).success).toBe(true);
  });

  it("sends defaults without the empty gclid and tracking_id, accepted by the register schema", () => {
    expect(campaignPayload(defaultCampaign)).toEqual({
      s1: "empty",
      s2: "empty",
      s3: "empty",
      s4: "empty",
      s5: "empty",
      landing: 1,
    });
    expect(ZCampaignSchema.safeParse(campaignPayload(defaultCampaign)).success).toBe(true);
  });
});

describe("query-string parsing limits (spec §9)", () => {
  it("keeps at most 20 array items as an array", () => {
    expect(parseQuery(`?${repeated(20, (index) => `a=${index}`)}`).a).toHaveLength(20);
    const over = parseQuery(`?${repeated(21, (index) => `a=${index}`)}`).a;
    expect(Array.isArray(over)).toBe(false);
    expect(Object.keys(over as object)).toHaveLength(21);
  });

  it("nests at most 5 levels deep, keeping the rest of the key as text", () => {
    expect(parseQuery("?a[b][c][d][e][f][g][h]=1")).toEqual({
      a: { b: { c: { d: { e: { f: { "[g][h]": "1" } } } } } },
    });
  });

  it("reads at most 1000 parameters", () => {
    const filler = (count: number) => repeated(count, (index) => `x${index}=1`);
    expect(campaignFromQuery(`?${filler(999)}&s1=late`)?.s1).toBe("late");
    expect(campaignFromQuery(`?${filler(1000)}&s1=late`)).toBeNull();
  });
});
