CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_flight' NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_keys_state" CHECK ("idempotency_keys"."state" in ('in_flight', 'done'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"variant_id" integer,
	"product_id" integer NOT NULL,
	"product_slug" text NOT NULL,
	"title" text NOT NULL,
	"band" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"sku" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total" integer NOT NULL,
	"discount" integer NOT NULL,
	"vat_rate" smallint NOT NULL,
	"vat" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "order_lines_amounts" CHECK ("order_lines"."quantity" > 0 and "order_lines"."unit_price" > 0 and "order_lines"."line_total" = "order_lines"."unit_price" * "order_lines"."quantity" and "order_lines"."discount" >= 0 and "order_lines"."vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text DEFAULT 'EN-' || nextval('order_numbers') NOT NULL,
	"customer_id" integer,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"stock_state" text DEFAULT 'reserved' NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"delivery_option_id" integer NOT NULL,
	"delivery_title" text NOT NULL,
	"delivery_carrier" text NOT NULL,
	"delivery_days_min" smallint NOT NULL,
	"delivery_days_max" smallint NOT NULL,
	"exported" boolean DEFAULT false NOT NULL,
	"discount_id" integer,
	"discount_code" text,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"delivery" integer NOT NULL,
	"delivery_vat" integer NOT NULL,
	"vat" integer NOT NULL,
	"total" integer NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_reference" text,
	"access_token_hash" text NOT NULL,
	"mail_token_hash" text,
	"paid_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"cancel_reason" text,
	"confirmation_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending_payment', 'paid', 'dispatched', 'cancelled', 'refunded')),
	CONSTRAINT "orders_stock_state" CHECK ("orders"."stock_state" in ('reserved', 'sold', 'released')),
	CONSTRAINT "orders_money" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."delivery" >= 0 and "orders"."vat" >= 0 and "orders"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" = 'pending_payment';