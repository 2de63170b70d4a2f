CREATE TABLE "static_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "static_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" varchar(60) NOT NULL,
	"title" varchar(150) NOT NULL,
	"meta_title" varchar(150) NOT NULL,
	"meta_description" varchar(300) NOT NULL,
	"content" text NOT NULL,
	"source_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint,
	"email" varchar(320) NOT NULL,
	"name" varchar(100),
	"subject" varchar(150) NOT NULL,
	"category" varchar(20) NOT NULL,
	"message" text NOT NULL,
	"source" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"ip_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" bigint,
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'closed')),
	CONSTRAINT "support_tickets_category_check" CHECK ("support_tickets"."category" in ('account', 'payments', 'technical', 'other')),
	CONSTRAINT "support_tickets_source_check" CHECK ("support_tickets"."source" in ('contact', 'contact-us', 'submit-request', 'helpdesk'))
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "static_pages_slug_unique" ON "static_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_uuid_unique" ON "support_tickets" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id");