CREATE TABLE "notification_mutes" (
	"user_id" bigint NOT NULL,
	"muted_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_notification_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_notification_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"x" integer NOT NULL,
	"t" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_popup_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_popup_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"profile_user_id" bigint,
	"notification_type" varchar(30) NOT NULL,
	"action_type" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_popup_events_action_check" CHECK ("site_popup_events"."action_type" in ('IMPRESSION', 'CLICKED'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_notification_email_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_mutes" ADD CONSTRAINT "notification_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mutes" ADD CONSTRAINT "notification_mutes_muted_user_id_users_id_fk" FOREIGN KEY ("muted_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notification_clicks" ADD CONSTRAINT "push_notification_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_popup_events" ADD CONSTRAINT "site_popup_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_popup_events" ADD CONSTRAINT "site_popup_events_profile_user_id_users_id_fk" FOREIGN KEY ("profile_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_mutes_pair_unique" ON "notification_mutes" USING btree ("user_id","muted_user_id");--> statement-breakpoint
CREATE INDEX "push_notification_clicks_created_idx" ON "push_notification_clicks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "site_popup_events_created_idx" ON "site_popup_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_email_due_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."email_due" and "notifications"."emailed_at" is null;