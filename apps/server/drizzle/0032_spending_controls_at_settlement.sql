-- Which of the member's own spending controls stopped a payment (a checkout a cool-off cancelled, or a payment refunded at settlement over the monthly limit or during a cool-off), so the status page and the letter can say why.
ALTER TABLE "payments" ADD COLUMN "stopped_by" varchar(20);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_stopped_by_check" CHECK ("payments"."stopped_by" in ('monthly_limit', 'cool_off'));
