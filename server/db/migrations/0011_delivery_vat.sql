CREATE TABLE "delivery_option_group_countries" (
	"country" text PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "delivery_option_group_countries_code" CHECK ("delivery_option_group_countries"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "delivery_option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"title" text NOT NULL,
	"carrier" text NOT NULL,
	"price" integer NOT NULL,
	"free_over" integer,
	"estimated_days_min" smallint NOT NULL,
	"estimated_days_max" smallint NOT NULL,
	"serves_bfpo" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_options_price" CHECK ("delivery_options"."price" >= 0),
	CONSTRAINT "delivery_options_free_over" CHECK ("delivery_options"."free_over" is null or "delivery_options"."free_over" > 0),
	CONSTRAINT "delivery_options_estimated_days" CHECK ("delivery_options"."estimated_days_min" >= 0 and "delivery_options"."estimated_days_max" >= "delivery_options"."estimated_days_min")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_option_group_countries" ADD CONSTRAINT "delivery_option_group_countries_group_id_delivery_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."delivery_option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_options" ADD CONSTRAINT "delivery_options_group_id_delivery_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."delivery_option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_option_group_countries_group_idx" ON "delivery_option_group_countries" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "delivery_options_group_idx" ON "delivery_options" USING btree ("group_id","position");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate" CHECK ("products"."vat_rate" between 0 and 100);