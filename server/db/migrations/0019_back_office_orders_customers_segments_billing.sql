CREATE TABLE "billing_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_models_type" CHECK ("billing_models"."type" in ('one_off', 'pre_order', 'membership')),
	CONSTRAINT "billing_models_period" CHECK (("billing_models"."type" = 'membership') = ("billing_models"."period" is not null) and ("billing_models"."period" is null or "billing_models"."period" in ('month', 'year')))
);
--> statement-breakpoint
CREATE TABLE "discount_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"prefix" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb,
	"actor_id" integer,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"vat" integer NOT NULL,
	CONSTRAINT "order_refund_lines_amounts" CHECK ("order_refund_lines"."quantity" > 0 and "order_refund_lines"."amount" >= 0 and "order_refund_lines"."vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"vat" integer NOT NULL,
	"delivery" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"restocked" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"failure_message" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amounts" CHECK ("order_refunds"."amount" > 0 and "order_refunds"."vat" >= 0 and "order_refunds"."delivery" >= 0 and "order_refunds"."delivery" <= "order_refunds"."amount"),
	CONSTRAINT "order_refunds_state" CHECK ("order_refunds"."state" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"reference" text PRIMARY KEY NOT NULL,
	"payment_reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_refunds_amount" CHECK ("test_payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "billing_model_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "billing_model_type" text DEFAULT 'one_off' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ships_from" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "billing_period" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ships_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_plan" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_payment_reference_test_payment_intents_reference_fk" FOREIGN KEY ("payment_reference") REFERENCES "public"."test_payment_intents"("reference") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refund_lines_refund_idx" ON "order_refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_refunds_key_idx" ON "test_payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "test_payment_refunds_payment_idx" ON "test_payment_refunds" USING btree ("payment_reference");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_billing_model_id_billing_models_id_fk" FOREIGN KEY ("billing_model_id") REFERENCES "public"."billing_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_batch_id_discount_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."discount_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_media_file_idx" ON "product_media" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "discounts_batch_idx" ON "discounts" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunds" CHECK ("order_lines"."refunded_quantity" >= 0 and "order_lines"."refunded_quantity" <= "order_lines"."quantity" and "order_lines"."restocked_quantity" >= 0 and "order_lines"."restocked_quantity" <= "order_lines"."refunded_quantity");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_billing_model_type" CHECK ("order_lines"."billing_model_type" in ('one_off', 'pre_order', 'membership'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_billing_period" CHECK (("order_lines"."billing_model_type" = 'membership') = ("order_lines"."billing_period" is not null) and ("order_lines"."billing_period" is null or "order_lines"."billing_period" in ('month', 'year')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_total" CHECK ("orders"."refunded_total" >= 0 and "orders"."refunded_total" <= "orders"."total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispatch_plan" CHECK ("orders"."dispatch_plan" is null or "orders"."dispatch_plan" in ('split', 'together'));