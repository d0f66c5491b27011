ALTER TABLE "order_refunds" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "restock" jsonb;--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("id") WHERE "order_refunds"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_kind" CHECK ("order_refunds"."kind" is null or "order_refunds"."kind" in ('refund', 'cancel', 'late'));