DROP INDEX "products_status_price_idx";--> statement-breakpoint
DROP INDEX "products_status_published_idx";--> statement-breakpoint
DROP INDEX "products_status_title_idx";--> statement-breakpoint
DROP INDEX "products_featured_idx";--> statement-breakpoint
CREATE INDEX "products_status_price_idx" ON "products" USING btree ("status","price_from","id");--> statement-breakpoint
CREATE INDEX "products_status_published_idx" ON "products" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_status_title_idx" ON "products" USING btree ("status","title","id");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("status","featured_rank","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);