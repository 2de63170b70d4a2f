CREATE TABLE "spending_controls" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"monthly_limit_cents" integer,
	"pending_limit_cents" integer,
	"pending_limit_removed" boolean DEFAULT false NOT NULL,
	"pending_limit_effective_at" timestamp with time zone,
	"cool_off_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_controls_limits_check" CHECK (("spending_controls"."monthly_limit_cents" is null or "spending_controls"."monthly_limit_cents" >= 0) and ("spending_controls"."pending_limit_cents" is null or "spending_controls"."pending_limit_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" varchar(100);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spending_controls" ADD CONSTRAINT "spending_controls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'refunded', 'charged_back'));