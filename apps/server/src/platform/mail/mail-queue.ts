import type { TPaymentStop } from "@velvet/shared/api/payments";
import type { Db } from "../db/client";
import { enqueueJob, type JobHandler } from "../jobs/queue";
import type { Mailer, OutgoingMail } from "./mailer";
import {
  accountActivatedMail,
  emailChangedMail,
  type MailSite,
  notificationMail,
  paymentStoppedRefundMail,
  photoRejectedMail,
  reportReceivedMail,
  supportReplyMail,
  supportTicketReceivedMail,
} from "./templates";

export const MAIL_JOB = "mail";

/**
 * Every letter the site sends, and what its job carries. A job holds what the letter needs, never a link's
 * token: the letters with links (registered by the auth module) create their token when the job runs, so no
 * usable token rests in the queue and the link's 60 minutes start when the mail actually leaves.
 */
export interface LetterPayloads {
  verify_email: { user_id: number; email: string };
  /** Whatever address was asked for: the letter finds the member when it runs, so the request does the same work either way. */
  password_reset: { email: string };
  account_activated: { to: string };
  email_changed: { to: string };
  report_received: { to: string };
  support_ticket_received: { to: string; reference: string; topic: string };
  support_reply: { to: string; reference: string; subject: string; message: string };
  photo_rejected: { to: string; reason?: string };
  payment_stopped_refund: { to: string; package_name: string; price: string; stopped_by: TPaymentStop };
  notification_digest: {
    to: string;
    subject: string;
    heading: string;
    paragraphs: string[];
    button: { label: string; url: string };
    unsubscribe_url: string;
  };
}
export type LetterName = keyof LetterPayloads;

/** Renders a letter when its job runs; undefined when there is nobody to send it to any more. */
export type LetterRenderers = {
  [L in LetterName]: (payload: LetterPayloads[L]) => Promise<OutgoingMail | undefined>;
};

/**
 * Queues a letter inside the caller's transaction (then call `context.jobs.kick()` after the commit).
 * `forMember`: the account the letter is for or was caused by (null for a guest's): deleting that account deletes
 * the letter by this key. Required, so no letter to a member's address can be left behind by forgetting it.
 */
export async function queueMail<L extends LetterName>(
  tx: Db,
  letter: L,
  payload: LetterPayloads[L],
  forMember: number | null,
): Promise<void> {
  await enqueueJob(tx, MAIL_JOB, { letter, data: payload }, { userId: forMember });
}

/** The letters that are templates and nothing more. */
export function templateLetters(site: MailSite): Omit<LetterRenderers, "verify_email" | "password_reset"> {
  return {
    account_activated: async ({ to }) => ({ to, ...accountActivatedMail(site) }),
    email_changed: async ({ to }) => ({ to, ...emailChangedMail(site) }),
    report_received: async ({ to }) => ({ to, ...reportReceivedMail(site) }),
    support_ticket_received: async ({ to, reference, topic }) => ({
      to,
      ...supportTicketReceivedMail(site, { reference, topic }),
    }),
    support_reply: async ({ to, reference, subject, message }) => ({
      to,
      ...supportReplyMail(site, { reference, subject }, message),
    }),
    photo_rejected: async ({ to, reason }) => ({ to, ...photoRejectedMail(site, reason) }),
    payment_stopped_refund: async ({ to, package_name, price, stopped_by }) => ({
      to,
      ...paymentStoppedRefundMail(site, { packageName: package_name, price, stoppedBy: stopped_by }),
    }),
    notification_digest: async ({ to, unsubscribe_url, ...content }) => ({
      to,
      ...notificationMail(site, content, unsubscribe_url),
    }),
  };
}

/** The `mail` job: renders the letter, then hands it to the mailer (SMTP, or DATA_DIR/mail without SMTP_URL). */
export function mailJobHandler(mailer: Mailer, letters: LetterRenderers): JobHandler {
  return async (payload, job) => {
    const { letter, data } = payload as { letter: LetterName; data: never };
    const render = letters[letter] as ((data: never) => Promise<OutgoingMail | undefined>) | undefined;
    if (!render) throw new Error(`unknown letter ${String(letter)}`);
    const mail = await render(data);
    if (mail) await mailer.send(mail, { memberId: job.userId });
  };
}
