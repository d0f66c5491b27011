-- Venues: where a band plays, the first step of collecting an order at the show. A venue's name
-- is its own, compared without case (issue 30), so a race for one name is the index's to decide.
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"postcode" text,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_capacity" CHECK ("venues"."capacity" is null or "venues"."capacity" between 1 and 100000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "venues_name_unique" ON "venues" USING btree (lower("name"));