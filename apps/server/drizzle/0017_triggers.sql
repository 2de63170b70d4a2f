CREATE TABLE "trigger_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trigger_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trigger_id" bigint,
	"member_id" bigint NOT NULL,
	"profile_id" bigint,
	"message_id" bigint,
	"occurrence_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "triggers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(80) NOT NULL,
	"event" varchar(12) NOT NULL,
	"delay_minutes" integer NOT NULL,
	"text" text NOT NULL,
	"profile_id" bigint,
	"max_per_member" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "triggers_event_check" CHECK ("triggers"."event" in ('registered', 'inactive')),
	CONSTRAINT "triggers_delay_check" CHECK ("triggers"."delay_minutes" > 0),
	CONSTRAINT "triggers_max_per_member_check" CHECK ("triggers"."max_per_member" > 0)
);
--> statement-breakpoint
ALTER TABLE "trigger_deliveries" ADD CONSTRAINT "trigger_deliveries_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_deliveries" ADD CONSTRAINT "trigger_deliveries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_deliveries" ADD CONSTRAINT "trigger_deliveries_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_deliveries" ADD CONSTRAINT "trigger_deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_deliveries_occurrence_unique" ON "trigger_deliveries" USING btree ("trigger_id","member_id","occurrence_at");--> statement-breakpoint
CREATE INDEX "trigger_deliveries_member_idx" ON "trigger_deliveries" USING btree ("member_id","sent_at");--> statement-breakpoint
CREATE INDEX "trigger_deliveries_trigger_idx" ON "trigger_deliveries" USING btree ("trigger_id","sent_at");