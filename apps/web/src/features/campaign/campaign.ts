/**
 * The campaign tracking record (spec §3): who sent the visitor. Kept free of
 * the query-string parser so the store can sit in the first-load bundle.
 */
export interface Campaign {
  s1: string;
  s2: string;
  s3: string;
  s4: string;
  s5: string;
  gclid: string | null;
  tracking_id: string | null;
  landing: number;
}

export const campaignKeys = ["s1", "s2", "s3", "s4", "s5", "gclid", "tracking_id", "landing"] as const;

/** Spec §3: s1 to s5 default to 'empty', landing to 1; gclid and tracking_id have no default. */
export const defaultCampaign: Campaign = {
  s1: "empty",
  s2: "empty",
  s3: "empty",
  s4: "empty",
  s5: "empty",
  gclid: null,
  tracking_id: null,
  landing: 1,
};

/** The register body's `campaign` (ZCampaignSchema): fields without a value are left out rather than sent as null. */
export type CampaignPayload = Partial<Record<Exclude<keyof Campaign, "landing">, string>> & { landing: number };

export function campaignPayload(campaign: Campaign): CampaignPayload {
  const { gclid, tracking_id, ...rest } = campaign;
  return {
    ...rest,
    ...(gclid === null ? {} : { gclid }),
    ...(tracking_id === null ? {} : { tracking_id }),
  };
}
