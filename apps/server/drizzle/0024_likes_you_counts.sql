ALTER TABLE "users" ADD COLUMN "new_likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "new_winks_count" integer DEFAULT 0 NOT NULL;