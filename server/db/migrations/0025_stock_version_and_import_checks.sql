CREATE TABLE "product_import_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"file_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_import_checks_hash_format" CHECK ("product_import_checks"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "stock_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_import_checks" ADD CONSTRAINT "product_import_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_import_checks_hash_idx" ON "product_import_checks" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "product_import_checks_expires_idx" ON "product_import_checks" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_stock_version" CHECK ("product_variants"."stock_version" >= 0);