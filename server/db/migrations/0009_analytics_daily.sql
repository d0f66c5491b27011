CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"device" text NOT NULL,
	"path" text NOT NULL,
	"events" integer NOT NULL,
	"value_pence" bigint NOT NULL,
	CONSTRAINT "analytics_daily_day_name_device_path_pk" PRIMARY KEY("day","name","device","path")
);
