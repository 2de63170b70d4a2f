import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { signedInMember } from "../../test/factories";
import { deliver, gatewayNotification, startPurchase } from "../../test/payment-factories";
import { startTestServer } from "../../test/support";
import { addCredits, paymentReference } from "../ledger";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** `npm run ledger:check`'s own script, as an operator runs it, on the embedded database left by a server. */
async function ledgerCheck(dataDir: string) {
  return promisify(execFile)("npx", ["tsx", "src/modules/payments/ledger-check.ts"], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: "" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

// On PostgreSQL, races.test.ts runs the same command against a live database.
describe.skipIf(process.env.DATABASE_URL)("npm run ledger:check on the embedded database", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("passes books with refunds and chargebacks, and exits 1 naming a stray payment row", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "velvet-ledger-check-"));
    dirs.push(dataDir);
    const start = () =>
      startTestServer({ PAYMENT_NOTIFY_RETRY_MS: "20" }, { durable: true, adjustConfig: (c) => ({ ...c, dataDir }) });

    let server = await start();
    const member = await signedInMember(server);
    for (const type of ["refunded", "charged_back"] as const) {
      const payment = await startPurchase(server, member, "credits-500");
      await deliver(server, gatewayNotification(server, payment, "paid"));
      await deliver(server, gatewayNotification(server, payment, type));
    }
    await server.stop();
    const clean = await ledgerCheck(dataDir);
    expect(clean).toMatchObject({ code: 0, stderr: "" });
    expect(clean.stdout).toContain("ledger:check: every balance equals the sum of its ledger rows");
    expect(clean.stdout).toContain("every paid payment is credited once and every refund taken back once");
    expect(clean.stdout).toContain("every ledger row that names a payment belongs to it");

    server = await start();
    const ghost = "00000000-0000-4000-8000-0000000000aa";
    await server.context.database.db.transaction((tx) =>
      addCredits(tx, member, 5, "purchase", paymentReference(ghost)),
    );
    await server.stop();
    const broken = await ledgerCheck(dataDir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      new RegExp(`ledger:check: ledger row #\\d+ \\(purchase, member #${member.id}\\) names payment:${ghost}`),
    );
  }, 120_000);
});
