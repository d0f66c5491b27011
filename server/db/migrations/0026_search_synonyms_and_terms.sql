-- pg_trgm (and fuzzystrmatch) compare a misspelt search word with the catalogue's words (issue 29). It is a trusted
-- extension (PostgreSQL 13+): the database's owner may create it. PGlite loads it in client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- fuzzystrmatch's levenshtein catches a short word's one-letter slip that trigrams miss (hase).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_words" CHECK (cardinality("search_synonyms"."words") between 2 and 20)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
-- A new shop starts with the words British fans type for what the catalogue calls otherwise;
-- staff change them in the back office (Search words).
INSERT INTO "search_synonyms" ("words", "position") VALUES
	('{t-shirt,tee,tshirt,t shirt}', 1),
	('{sweatshirt,jumper,sweater,crewneck,sweat}', 2),
	('{hoodie,hoody,hooded top,hooded sweatshirt}', 3),
	('{longsleeve,long sleeve,long-sleeve,long sleeved,long sleeve tee,long sleeve t-shirt}', 4),
	('{vinyl,lp,record,album}', 5),
	('{cd,compact disc,album}', 6),
	('{beanie,bobble hat,woolly hat,hat}', 7),
	('{cap,baseball cap,hat}', 8),
	('{tote,tote bag,bag,shopper}', 9),
	('{poster,print,screen print,gig poster}', 10),
	('{kids,children,childrens,child,youth}', 11),
	('{bundle,set,combo}', 12),
	('{signed,autographed,autograph}', 13),
	('{grey,gray}', 14),
	('{colour,color}', 15);
--> statement-breakpoint
-- The words of the catalogue as it is; refreshProductSummaries adds those of every later write.
INSERT INTO "search_terms" ("term")
SELECT DISTINCT word FROM (
	SELECT unnest(tsvector_to_array(to_tsvector('simple',
		p.title || ' ' || b.title || ' ' || p.product_type || ' ' ||
		translate(array_to_string(p.tags, ' '), '-', ' ') || ' ' ||
		regexp_replace(p.description, '<[^>]*>', ' ', 'g')))) AS word
	FROM "products" p JOIN "brands" b ON b.id = p.brand_id
) words
WHERE length(word) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
