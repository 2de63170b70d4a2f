ALTER TABLE "messages" ADD COLUMN "hidden_for_sender" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_for_recipient" boolean DEFAULT false NOT NULL;