import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";
import { loadUserRow } from "../../platform/members/user-row";
import { collectAccountExport } from "./export";

/**
 * The member's data export as a ZIP: data.json, then each of their photo files. Streamed: the archive goes out
 * as it is written, and a photo is read from storage only when the archive reaches it, so a member with many
 * photos never holds the server's memory.
 */
/**
 * Downloads a member may start in an hour: each reads everything they ever did and streams every photo, so a
 * script looping on it with a stolen token would load the database and storage for nothing.
 */
export const EXPORTS_PER_HOUR = 3;

export async function exportArchive(context: AppContext, auth: Authenticated): Promise<NodeJS.ReadableStream> {
  // The member's data is theirs to take: an operator acting as them may not download it.
  accountPolicy.assertNotImpersonating(auth);
  // Counted after that check, so an operator's refused attempts never use up the member's downloads.
  const started = await context.attempts.hit(`account-export:${auth.user.id}`, 3600);
  if (started.count > EXPORTS_PER_HOUR) {
    throw new AppError("throttled", undefined, { retryAfterSeconds: started.resetInSeconds });
  }
  const { data, files } = await collectAccountExport(context, await loadUserRow(context.database.db, auth.user.id));
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), "data.json");
  for (const file of files) {
    if (!(await context.storage.exists(file.storageKey))) continue;
    // WebP is compressed already; deflating it again costs time and saves nothing.
    zip.addReadStreamLazy(file.name, { compress: false }, (done) => {
      context.storage.get(file.storageKey).then(
        (content) => done(null, Readable.from([content ?? Buffer.alloc(0)])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}
