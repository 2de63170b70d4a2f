import type { TSupportCategory, TSupportSource } from "@velvet/shared/api/support";

export interface SupportVariant {
  source: TSupportSource;
  eyebrow: string;
  heading: string;
  intro: string;
  defaultCategory: TSupportCategory;
  submitLabel: string;
}

/** The four support routes share one form; each words it for why people arrive there. */
export const supportVariants: Record<TSupportSource, SupportVariant> = {
  contact: {
    source: "contact",
    eyebrow: "Support",
    heading: "Contact",
    intro:
      "Questions, feedback or something on your mind? Send us a message and our support team will answer by email.",
    defaultCategory: "other",
    submitLabel: "Send message",
  },
  "contact-us": {
    source: "contact-us",
    eyebrow: "Support",
    heading: "Contact us",
    intro:
      "We're here to help with your account, payments or anything else about Velvet Hearts. Real people read every message.",
    defaultCategory: "other",
    submitLabel: "Send message",
  },
  "submit-request": {
    source: "submit-request",
    eyebrow: "Support",
    heading: "Submit a request",
    intro:
      "Need something done, like help with your account, a payment question or a copy of your data? Tell us and we'll open a request for you.",
    defaultCategory: "account",
    submitLabel: "Submit request",
  },
  helpdesk: {
    source: "helpdesk",
    eyebrow: "Helpdesk",
    heading: "Helpdesk",
    intro:
      "Something not working as it should? Describe what happened, on which page and device, and our team will look into it.",
    defaultCategory: "technical",
    submitLabel: "Send to the helpdesk",
  },
};

export function supportVariantFor(pathname: string): SupportVariant {
  const source = pathname.replace(/^\/+|\/+$/g, "") as TSupportSource;
  return supportVariants[source] ?? supportVariants.contact;
}
