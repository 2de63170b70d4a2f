CREATE TABLE "conversation_locks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"category" varchar(20) NOT NULL,
	"text" text NOT NULL,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notes_category_check" CHECK ("member_notes"."category" in ('name', 'city', 'job', 'relationship', 'hobbies', 'important_dates', 'preferences', 'other'))
);
--> statement-breakpoint
CREATE TABLE "operator_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(30) NOT NULL,
	"kind" varchar(15) NOT NULL,
	"text" text NOT NULL,
	"profile_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_templates_kind_check" CHECK ("operator_templates"."kind" in ('canned', 'first_contact'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "operator_id" bigint;--> statement-breakpoint
ALTER TABLE "conversation_locks" ADD CONSTRAINT "conversation_locks_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_locks" ADD CONSTRAINT "conversation_locks_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_templates" ADD CONSTRAINT "operator_templates_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_locks_conversation_unique" ON "conversation_locks" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_locks_operator_idx" ON "conversation_locks" USING btree ("operator_id","expires_at");--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_templates_code_unique" ON "operator_templates" USING btree ("code");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_operator_idx" ON "messages" USING btree ("operator_id","created_at") WHERE "messages"."operator_id" is not null;