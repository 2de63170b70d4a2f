-- Deletion erases jobs and real-time events by the member they are for (user_id, user_ids), never by searching text; an account an admin closed records who (deactivated_by_id); a checkout's return link is bound to the browser that began it (checkout_browser_hash).
ALTER TABLE "jobs" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_by_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_browser_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "realtime_outbox" ADD COLUMN "user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deactivated_by_id_users_id_fk" FOREIGN KEY ("deactivated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id") WHERE "jobs"."user_id" is not null;--> statement-breakpoint
-- Accounts closed before deactivated_by_id existed: the admin who did it, from the audit trail (the member's own closing leaves it null).
UPDATE "users" u SET "deactivated_by_id" = a."actor_id"
FROM (SELECT DISTINCT ON ("target_user_id") "target_user_id", "actor_id", "action" FROM "audit_log"
      WHERE "action" IN ('member.deactivated_by_admin', 'account.deactivated', 'member.reactivated_by_admin', 'account.reactivated')
      ORDER BY "target_user_id", "id" DESC) a
WHERE u."deactivated_at" IS NOT NULL AND a."target_user_id" = u."id" AND a."action" = 'member.deactivated_by_admin';
