import { findPhoneNumbersInText } from "libphonenumber-js/min";
import { find as findLinks } from "linkifyjs";

export type ContactKind = "phone" | "email" | "link";

export interface ContactWarning {
  kind: ContactKind;
  /** The text as written, e.g. "0412 345 678". */
  match: string;
  start: number;
  end: number;
}

/**
 * Eight or more digits in a row, allowing the separators people type between
 * them ("0412.345.6789", "0 4 1 2 3 4 5 6 7 8"): libphonenumber only finds
 * numbers that are valid, and a fictional profile must not hand out an invalid
 * looking one either.
 */
const DIGIT_RUN = /(?:\+\s*)?\d(?:[\s().-]{0,2}\d){7,}/g;

/**
 * Contact details in a message an operator is about to send as a fictional
 * profile: phone numbers (Australian formats first: mobiles, landlines with
 * area codes, 13/1300/1800 numbers, +61), email addresses, and links or bare
 * domains. Shared so the console warns while typing and the server refuses
 * the same text.
 */
export function findContactDetails(text: string): ContactWarning[] {
  const found: ContactWarning[] = [];
  for (const link of findLinks(text)) {
    if (link.type !== "url" && link.type !== "email") continue;
    found.push({ kind: link.type === "email" ? "email" : "link", match: link.value, start: link.start, end: link.end });
  }
  for (const phone of findPhoneNumbersInText(text, { defaultCountry: "AU" })) {
    found.push({
      kind: "phone",
      match: text.slice(phone.startsAt, phone.endsAt),
      start: phone.startsAt,
      end: phone.endsAt,
    });
  }
  for (const run of text.matchAll(DIGIT_RUN)) {
    const start = run.index;
    const end = start + run[0].length;
    if (found.some((other) => other.start < end && start < other.end)) continue;
    found.push({ kind: "phone", match: run[0], start, end });
  }
  return found.sort((a, b) => a.start - b.start);
}

const kindLabels: Record<ContactKind, string> = {
  phone: "a phone number",
  email: "an email address",
  link: "a link",
};

/** "The text contains a phone number (0412 345 678)." */
export function describeContactWarning(warning: ContactWarning): string {
  return `The text contains ${kindLabels[warning.kind]} (${warning.match}).`;
}
