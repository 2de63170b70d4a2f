CREATE TABLE "photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_status_check" CHECK ("photos"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(20) NOT NULL,
	"email" varchar(320),
	"password_hash" text,
	"email_verified_at" timestamp with time zone,
	"roles" text[] DEFAULT '{member}'::text[] NOT NULL,
	"is_fictional" boolean DEFAULT false NOT NULL,
	"birthdate" date NOT NULL,
	"gender" varchar(6) NOT NULL,
	"seeking" varchar(6) NOT NULL,
	"state" varchar(3),
	"city" varchar(80) NOT NULL,
	"headline" varchar(120),
	"about_me" text,
	"body_type" smallint DEFAULT 1 NOT NULL,
	"eye_color" smallint DEFAULT 1 NOT NULL,
	"hair_color" smallint DEFAULT 1 NOT NULL,
	"tattoos_piercings" smallint DEFAULT 1 NOT NULL,
	"height_cm" smallint,
	"relationship_status" smallint,
	"looking_for" smallint,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deactivated_at" timestamp with time zone,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('male', 'female')),
	CONSTRAINT "users_seeking_check" CHECK ("users"."seeking" in ('male', 'female', 'both'))
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_uuid_unique" ON "photos" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_uuid_unique" ON "users" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_browse_idx" ON "users" USING btree ("gender","state","last_active_at");