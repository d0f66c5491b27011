-- Names that identify are unique, compared without case (issue 30): a band, an option's value
-- (within its option), a collection and a billing model. A shop that already has
-- two of one name keeps the first as it is and the others get " (2)", " (3)" … so staff can see
-- and rename them, rather than this migration failing.
UPDATE "billing_models" r SET "title" = r."title" || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower("title") ORDER BY "id") AS n FROM "billing_models") d WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
UPDATE "attributes" r SET "title" = r."title" || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "attribute_type_id", lower("title") ORDER BY "id") AS n FROM "attributes") d WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
UPDATE "brands" r SET "title" = r."title" || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower("title") ORDER BY "id") AS n FROM "brands") d WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
UPDATE "product_collections" r SET "title" = r."title" || ' (' || d.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY lower("title") ORDER BY "id") AS n FROM "product_collections") d WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_models_title_unique" ON "billing_models" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_type_title_unique" ON "attributes" USING btree ("attribute_type_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_title_unique" ON "brands" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_collections_title_unique" ON "product_collections" USING btree (lower("title"));