CREATE TABLE "ab_test_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ab_test_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"ab_test_type" varchar(30) NOT NULL,
	"group_name" varchar(10) NOT NULL,
	"value" varchar(10) NOT NULL,
	"event_name" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_flags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"reason" varchar(30) NOT NULL,
	"payment_id" uuid,
	"credits_short" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_packages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(40) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" varchar(60) NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"bonus_credits" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'AUD' NOT NULL,
	"duration_hours" integer,
	"highlight" varchar(30),
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_packages_kind_check" CHECK ("credit_packages"."kind" in ('credits', 'pass', 'vip')),
	CONSTRAINT "credit_packages_amounts_check" CHECK ("credit_packages"."credits" >= 0 and "credit_packages"."bonus_credits" >= 0),
	CONSTRAINT "credit_packages_price_check" CHECK ("credit_packages"."price_cents" > 0),
	CONSTRAINT "credit_packages_duration_check" CHECK (("credit_packages"."kind" = 'credits') = ("credit_packages"."duration_hours" is null) and coalesce("credit_packages"."duration_hours", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" varchar(20) NOT NULL,
	"event_id" varchar(100) NOT NULL,
	"payment_id" uuid,
	"type" varchar(20) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"package_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"package_name" varchar(60) NOT NULL,
	"credits" integer NOT NULL,
	"promo_bonus_credits" integer DEFAULT 0 NOT NULL,
	"vip_bonus_credits" integer DEFAULT 0 NOT NULL,
	"duration_hours" integer,
	"price_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"promotion_name" varchar(20),
	"gateway" varchar(20) NOT NULL,
	"gateway_reference" varchar(100),
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"custom1_hash" varchar(64) NOT NULL,
	"custom1_expires_at" timestamp with time zone NOT NULL,
	"custom1_used_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('credits', 'pass', 'vip')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."credits" >= 0 and "payments"."promo_bonus_credits" >= 0 and "payments"."vip_bonus_credits" >= 0 and "payments"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(20) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"discount_percent" smallint DEFAULT 0 NOT NULL,
	"bonus_percent" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_window_check" CHECK ("promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_offer_check" CHECK ("promotions"."discount_percent" between 0 and 90 and "promotions"."bonus_percent" between 0 and 200)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unlimited_end_announced" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vip_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_offer_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ab_test_events" ADD CONSTRAINT "ab_test_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_flags" ADD CONSTRAINT "account_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_flags" ADD CONSTRAINT "account_flags_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_id_credit_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."credit_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ab_test_events_report_idx" ON "ab_test_events" USING btree ("ab_test_type","event_name","group_name","value");--> statement-breakpoint
CREATE INDEX "account_flags_user_idx" ON "account_flags" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_flags_payment_reason_unique" ON "account_flags" USING btree ("payment_id","reason");--> statement-breakpoint
CREATE INDEX "account_flags_open_idx" ON "account_flags" USING btree ("created_at") WHERE "account_flags"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_packages_code_unique" ON "credit_packages" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_unique" ON "payment_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_custom1_unique" ON "payments" USING btree ("custom1_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_unique" ON "payments" USING btree ("gateway","gateway_reference");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_name_start_unique" ON "promotions" USING btree ("name","starts_at");--> statement-breakpoint
CREATE INDEX "promotions_window_idx" ON "promotions" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "users_pass_end_pending_idx" ON "users" USING btree ("unlimited_until") WHERE "users"."unlimited_until" is distinct from "users"."unlimited_end_announced";