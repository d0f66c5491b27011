CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_id" integer NOT NULL,
	"email" text NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_email" CHECK ("discount_redemptions"."email" <> '' and "discount_redemptions"."email" = lower(btrim("discount_redemptions"."email")))
);
--> statement-breakpoint
CREATE TABLE "discount_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_id" integer NOT NULL,
	"brand_id" integer,
	"product_id" integer,
	"collection_id" integer,
	CONSTRAINT "discount_targets_one_target" CHECK (num_nonnulls("discount_targets"."brand_id", "discount_targets"."product_id", "discount_targets"."collection_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_type" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"eligible_group" text DEFAULT 'everyone' NOT NULL,
	"segment_id" integer,
	"scope" text DEFAULT 'basket' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_code_format" CHECK ("discounts"."code" ~ '^[A-Z0-9][A-Z0-9_-]{0,49}$'),
	CONSTRAINT "discounts_value" CHECK ("discounts"."value" > 0),
	CONSTRAINT "discounts_percentage" CHECK ("discounts"."unit_type" <> 'percentage' or "discounts"."value" <= 100),
	CONSTRAINT "discounts_min_subtotal" CHECK ("discounts"."min_subtotal" is null or "discounts"."min_subtotal" >= 0),
	CONSTRAINT "discounts_dates" CHECK ("discounts"."ends_at" is null or "discounts"."ends_at" > "discounts"."starts_at"),
	CONSTRAINT "discounts_times_used" CHECK ("discounts"."times_used" >= 0),
	CONSTRAINT "discounts_usage_limit" CHECK ("discounts"."usage_limit" is null or "discounts"."usage_limit" > 0),
	CONSTRAINT "discounts_per_customer_limit" CHECK ("discounts"."per_customer_limit" is null or "discounts"."per_customer_limit" > 0),
	CONSTRAINT "discounts_segment" CHECK (("discounts"."eligible_group" = 'segment') = ("discounts"."segment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_targets" ADD CONSTRAINT "discount_targets_collection_id_product_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."product_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_discount_email_idx" ON "discount_redemptions" USING btree ("discount_id","email");--> statement-breakpoint
CREATE INDEX "discount_targets_discount_idx" ON "discount_targets" USING btree ("discount_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_idx" ON "discounts" USING btree ("code");