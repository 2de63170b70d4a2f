DROP INDEX "users_browse_idx";--> statement-breakpoint
CREATE INDEX "photos_primary_approved_idx" ON "photos" USING btree ("user_id","storage_key") WHERE "photos"."is_primary" and "photos"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "users_browse_recent_idx" ON "users" USING btree ("last_active_at","id") WHERE "users"."deleted_at" is null and "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_browse_city_idx" ON "users" USING btree (lower("city"),"last_active_at","id") WHERE "users"."deleted_at" is null and "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_browse_newest_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is null and "users"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "users_browse_idx" ON "users" USING btree ("gender","state","last_active_at","id") WHERE "users"."deleted_at" is null and "users"."deactivated_at" is null;