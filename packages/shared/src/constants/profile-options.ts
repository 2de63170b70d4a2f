/** Profile option lists, keys and labels exactly as spec §3. */
export type OptionList = ReadonlyArray<{ readonly key: number; readonly label: string }>;

export const bodyTypeOptions = [
  { key: 1, label: "Unknown" },
  { key: 2, label: "Prefer Not To Say" },
  { key: 3, label: "Thin" },
  { key: 4, label: "Athletic" },
  { key: 5, label: "Average" },
  { key: 6, label: "A few extra Kilos" },
  { key: 7, label: "Big" },
] as const satisfies OptionList;

export const eyeColorOptions = [
  { key: 1, label: "Unknown" },
  { key: 2, label: "Blue" },
  { key: 3, label: "Brown" },
  { key: 4, label: "Gray" },
  { key: 5, label: "Green" },
  { key: 6, label: "Other" },
] as const satisfies OptionList;

export const hairColorOptions = [
  { key: 1, label: "Unknown" },
  { key: 2, label: "Black" },
  { key: 3, label: "Brown" },
  { key: 4, label: "Blonde" },
  { key: 5, label: "White" },
  { key: 6, label: "Red" },
  { key: 7, label: "Other" },
] as const satisfies OptionList;

export const tattoosPiercingsOptions = [
  { key: 1, label: "Unknown" },
  { key: 2, label: "Yes" },
  { key: 3, label: "No" },
] as const satisfies OptionList;

/** Not in the spec's lists; the product's own choices for the profile fields the spec leaves open. */
export const relationshipStatusOptions = [
  { key: 1, label: "Single" },
  { key: 2, label: "Separated" },
  { key: 3, label: "Divorced" },
  { key: 4, label: "Widowed" },
  { key: 5, label: "In a relationship" },
  { key: 6, label: "Married" },
  { key: 7, label: "It's complicated" },
] as const satisfies OptionList;

export const lookingForOptions = [
  { key: 1, label: "Casual dating" },
  { key: 2, label: "Flirting and chat" },
  { key: 3, label: "Friends with benefits" },
  { key: 4, label: "Something serious" },
  { key: 5, label: "Discreet fun" },
] as const satisfies OptionList;

export const genders = ["male", "female"] as const;
export type Gender = (typeof genders)[number];
export const seekingOptions = ["male", "female", "both"] as const;
export type Seeking = (typeof seekingOptions)[number];

export function optionLabel(list: OptionList, key: number | null | undefined): string {
  return list.find((option) => option.key === key)?.label ?? "Unknown";
}
