CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"customer_reference" text,
	"period" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_subscriptions_provider" CHECK ("membership_subscriptions"."provider" in ('test', 'stripe')),
	CONSTRAINT "membership_subscriptions_amount" CHECK ("membership_subscriptions"."amount" > 0),
	CONSTRAINT "membership_subscriptions_state" CHECK ("membership_subscriptions"."state" in ('active', 'past_due', 'cancelled')),
	CONSTRAINT "membership_subscriptions_period" CHECK ("membership_subscriptions"."period" in ('month', 'year'))
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "visitor" text;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_subscriptions_line_idx" ON "membership_subscriptions" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_subscriptions_reference_idx" ON "membership_subscriptions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "membership_subscriptions_order_idx" ON "membership_subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "analytics_events_visitor_idx" ON "analytics_events" USING btree ("visitor","created_at");