ALTER TABLE "payments" DROP CONSTRAINT "payments_amount";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_currency";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "recovery_point" text DEFAULT 'started' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource_id" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resume" jsonb;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
-- Hand-written: keys already answered are finished; keys the old helper left in flight were never bound to what they wrote, so their lease is over and a retry starts them again.
UPDATE "idempotency_keys" SET "recovery_point" = 'finished' WHERE "state" = 'done';--> statement-breakpoint
UPDATE "idempotency_keys" SET "locked_until" = now() WHERE "state" = 'in_flight';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_problem" text;--> statement-breakpoint
CREATE INDEX "idempotency_keys_in_flight" ON "idempotency_keys" USING btree ("locked_until") WHERE "idempotency_keys"."state" = 'in_flight';--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_recovery_point" CHECK ("idempotency_keys"."recovery_point" in ('started', 'order_written', 'refund_written', 'shipment_written', 'finished'));--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_resource" CHECK ("idempotency_keys"."recovery_point" in ('started', 'finished') or "idempotency_keys"."resource_id" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount" CHECK ("payments"."amount" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency" CHECK ("payments"."currency" ~ '^[a-z]{3}$');