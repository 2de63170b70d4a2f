/** The operating company (spec §1): an Estonian company in Tallinn, terms governed by Estonian law. */
export const company = {
  legalName: "Velvet Hearts OÜ",
  address: "Narva mnt 7-557, 10117 Tallinn, Estonia",
  governingLaw: "Estonia",
} as const;
