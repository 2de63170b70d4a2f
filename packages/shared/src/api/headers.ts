/** Header names every API request carries (spec §7). Kept apart from the schemas so the browser's first chunk needs no zod. */
export const apiHeaders = { siteKey: "X-Site-Key", deviceId: "Device-ID" } as const;
