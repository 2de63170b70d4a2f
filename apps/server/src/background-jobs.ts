import type { FastifyInstance } from "fastify";
import { DIGEST_EVERY_MS, DIGEST_JOB, type NotificationDigest } from "./modules/notifications";
import {
  ownOrigin,
  PASS_EXPIRY_JOB,
  type PassExpiryWatcher,
  SCAN_EVERY_MS,
  SETTLEMENT_REFUND_JOB,
  settlementRefundJob,
  TEST_GATEWAY_NAME,
  TEST_GATEWAY_NOTIFY_JOB,
  testGatewayNotifier,
} from "./modules/payments";
import { PUSH_JOB, type PushDelivery } from "./modules/push";
import { OUTBOX_PRUNE_EVERY_MS, OUTBOX_PRUNE_JOB, type OutboxDispatcher } from "./modules/realtime";
import { TRIGGER_JOB, type TriggerJob } from "./modules/triggers";
import type { AppContext } from "./platform/app-context";
import type { JobWorker } from "./platform/jobs/worker";

export interface BackgroundWork {
  app: FastifyInstance;
  outbox: OutboxDispatcher;
  digest: NotificationDigest;
  push: PushDelivery;
  passes: PassExpiryWatcher;
  triggers: TriggerJob;
}

/**
 * Every piece of background work of the server, in one place, on the one jobs worker (mail is registered next to
 * its mailer in server.ts). Periodic passes are scheduled kinds: each occurrence runs in one process, is retried
 * on failure, and shows in the admin's job counts. The real-time server's ping and presence timers are not here
 * on purpose: they look after this process's own sockets, not shared work.
 */
export function registerBackgroundJobs(jobs: JobWorker, context: AppContext, work: BackgroundWork): void {
  const { config } = context;
  jobs.schedule(DIGEST_JOB, { everyMs: DIGEST_EVERY_MS }, async () => {
    await work.digest.runOnce();
  });
  // A notification for a member who is away, to their browsers (queued with the notification, see modules/push).
  jobs.handle(
    PUSH_JOB,
    async (payload) => {
      await work.push.deliver(Number(payload.notificationId));
    },
    { retryBaseMs: 5_000 },
  );
  jobs.schedule(PASS_EXPIRY_JOB, { everyMs: SCAN_EVERY_MS }, async () => {
    await work.passes.runOnce();
    // The next end known now is announced on time rather than at the next regular scan.
    const next = await work.passes.nextEnd();
    if (next) await jobs.runScheduleBy(PASS_EXPIRY_JOB, new Date(next.getTime() + 50));
  });
  // TRIGGER_INTERVAL_SECONDS=0 schedules no passes (tests run them by hand).
  if (config.triggers.intervalMs > 0) {
    jobs.schedule(TRIGGER_JOB, { everyMs: config.triggers.intervalMs }, async () => {
      await work.triggers.runOnce();
    });
  }
  jobs.schedule(OUTBOX_PRUNE_JOB, { everyMs: OUTBOX_PRUNE_EVERY_MS }, async () => {
    await work.outbox.pruneDelivered();
  });
  // Delivery of committed real-time events is per process (each delivers what it committed, at once); this
  // is only the safety net for a process that died between its commit and its delivery.
  jobs.onPoll(() => work.outbox.kick());
  // A payment settlement refunded on the member's spending controls: the provider is asked here, with retries.
  jobs.handle(SETTLEMENT_REFUND_JOB, settlementRefundJob(context));
  if (config.payments.gateway === "test") {
    jobs.handle(
      TEST_GATEWAY_NOTIFY_JOB,
      testGatewayNotifier({
        target: () => `${ownOrigin(work.app)}/api/payments/webhooks/${TEST_GATEWAY_NAME}`,
        secret: config.payments.webhookSecret,
      }),
      { retryBaseMs: config.payments.notifyRetryBaseMs },
    );
  }
}
