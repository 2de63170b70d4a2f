import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { AppContext } from "../../platform/app-context";
import { pushVapidKeys } from "../../platform/db/schema/push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const STORED_KEYS_ID = 1;
const loaded = new WeakMap<AppContext, Promise<VapidKeys>>();

/**
 * The key pair that signs every push (VAPID, RFC 8292): from configuration when set, otherwise generated once
 * and kept in the database, so every process and every restart signs with the key browsers subscribed with
 * (a new key would silently orphan every subscription).
 */
export function vapidKeys(context: AppContext): Promise<VapidKeys> {
  let keys = loaded.get(context);
  if (!keys) {
    keys = loadKeys(context);
    loaded.set(context, keys);
    // A failed load (database down) is tried again on the next call rather than remembered.
    keys.catch(() => loaded.delete(context));
  }
  return keys;
}

async function loadKeys(context: AppContext): Promise<VapidKeys> {
  const { config } = context;
  const subject = config.push.vapidSubject ?? `mailto:${config.supportEmail}`;
  const { vapidPublicKey, vapidPrivateKey } = config.push;
  if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject };
  const { db } = context.database;
  const generated = webpush.generateVAPIDKeys();
  // Two processes starting together: the first insert wins and both read it back.
  await db
    .insert(pushVapidKeys)
    .values({ id: STORED_KEYS_ID, publicKey: generated.publicKey, privateKey: generated.privateKey })
    .onConflictDoNothing();
  const [stored] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, STORED_KEYS_ID));
  if (!stored) throw new Error("the VAPID key pair was not stored");
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
