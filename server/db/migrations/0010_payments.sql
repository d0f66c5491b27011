CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider" CHECK ("payment_webhook_events"."provider" in ('test', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"state" text NOT NULL,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('test', 'stripe')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_currency" CHECK ("payments"."currency" = 'gbp'),
	CONSTRAINT "payments_state" CHECK ("payments"."state" in ('succeeded', 'requires_action', 'declined', 'processing', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"reference" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"client_secret" text NOT NULL,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intents_amount" CHECK ("test_payment_intents"."amount" > 0),
	CONSTRAINT "test_payment_intents_state" CHECK ("test_payment_intents"."state" in ('succeeded', 'requires_action', 'declined', 'processing', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_order_idx" ON "test_payment_intents" USING btree ("order_id");