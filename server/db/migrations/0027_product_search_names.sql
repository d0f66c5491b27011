-- A search finds the products it names (every word in the title or the band's name) through this
-- column's own index, before those it finds only in the type, tags or description; both search
-- indexes hold published products only, as every search asks for (decision 0039).
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" "tsvector";--> statement-breakpoint
UPDATE "products" p SET "search_name" = to_tsvector('english', p."title") || to_tsvector('english', b."title")
FROM "brands" b WHERE b."id" = p."brand_id";--> statement-breakpoint
CREATE INDEX "products_search_name_idx" ON "products" USING gin ("search_name") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document") WHERE status = 'published';
