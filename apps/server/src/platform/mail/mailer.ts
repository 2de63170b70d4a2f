import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";

/**
 * Bounds on every step of an SMTP conversation. nodemailer's defaults (a socket may idle for 10 minutes) could
 * outlast the jobs queue's claim on the mail, letting another process send it a second time; these keep a whole
 * send to a few minutes at most, well inside the claim.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface CapturedMail extends OutgoingMail {
  id: string;
  from: string;
  sentAt: string;
  /** The account the letter was for (its job's user_id), so deleting that account can drop the copy. */
  memberId?: number | null;
}

/** What the queue knows of a letter besides its content. */
export interface MailMeta {
  memberId: number | null;
}

export interface Mailer {
  send(mail: OutgoingMail, meta?: MailMeta): Promise<void>;
}

/** Delivers over SMTP_URL through nodemailer. Only the jobs queue's `mail` handler calls it, never a request. */
class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ ...parseConnectionUrl(smtpUrl), ...SMTP_TIMEOUTS });
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

/**
 * Without SMTP_URL, mail is written under DATA_DIR/mail (one JSON file per
 * message) and listed at /dev/mail outside production, so sign-up and reset
 * flows can be followed, and tested, without a mail server.
 */
export class CapturingMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly from: string,
  ) {}

  async send(mail: OutgoingMail, meta?: MailMeta): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const sentAt = new Date().toISOString();
    const id = `${sentAt.replace(/[^0-9]/g, "")}-${randomUUID()}`;
    const captured: CapturedMail = { id, from: this.from, sentAt, ...mail, memberId: meta?.memberId ?? null };
    await writeFile(path.join(this.directory, `${id}.json`), JSON.stringify(captured, null, 2));
  }

  /**
   * Drops the kept copies of a deleted account's mail: letters sent for it, and letters to addresses it verified
   * (a guest's ticket acknowledgement sent before they registered). Never by any other address: one the account
   * only asked to change to may be somebody else's.
   */
  async forgetMailOf(member: { id: number; verifiedAddresses: string[] }): Promise<void> {
    const gone = new Set(member.verifiedAddresses.map((address) => address.toLowerCase()));
    for (const mail of await this.list()) {
      if (mail.memberId === member.id || gone.has(mail.to.toLowerCase()))
        await rm(path.join(this.directory, `${mail.id}.json`), { force: true });
    }
  }

  /** Newest first. */
  async list(): Promise<CapturedMail[]> {
    let files: string[];
    try {
      files = (await readdir(this.directory)).filter((file) => file.endsWith(".json"));
    } catch {
      return [];
    }
    const messages = await Promise.all(files.map((file) => this.read(file.replace(/\.json$/, ""))));
    return messages
      .filter((message): message is CapturedMail => message !== undefined)
      .sort((a, b) => b.id.localeCompare(a.id));
  }

  async read(id: string): Promise<CapturedMail | undefined> {
    if (!/^[0-9]+-[0-9a-f-]{36}$/.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(path.join(this.directory, `${id}.json`), "utf8")) as CapturedMail;
    } catch {
      return undefined;
    }
  }
}

/** The mail captured under DATA_DIR/mail (what /dev/mail shows). */
export function capturedMailbox(dataDir: string, from: string): CapturingMailer {
  return new CapturingMailer(path.join(dataDir, "mail"), from);
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from);
  return capturedMailbox(options.dataDir, options.from);
}
