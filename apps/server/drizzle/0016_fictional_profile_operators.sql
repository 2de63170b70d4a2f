CREATE TABLE "fictional_profile_operators" (
	"profile_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fictional_profile_operators" ADD CONSTRAINT "fictional_profile_operators_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fictional_profile_operators" ADD CONSTRAINT "fictional_profile_operators_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fictional_profile_operators_pair_unique" ON "fictional_profile_operators" USING btree ("profile_id","operator_id");--> statement-breakpoint
CREATE INDEX "fictional_profile_operators_operator_idx" ON "fictional_profile_operators" USING btree ("operator_id");