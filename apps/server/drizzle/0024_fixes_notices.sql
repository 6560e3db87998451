-- "Prepare again" makes one PREPARED copy of a FAILED line, never two (issue 35): the copy names its failed line, and
-- a live copy per failed line is unique, so a repeated or concurrent request answers the copy that is there.
ALTER TABLE "details" ADD COLUMN "prepared_from" integer REFERENCES "details"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "details_prepared_from_uq" ON "details" USING btree ("prepared_from") WHERE NOT "is_deleted";
--> statement-breakpoint
-- Maintenance notices (issue 35): an administrator announces a window (starts, ends) with a text per language; it is
-- shown to everyone from show_from until the window ends.
CREATE TABLE "maintenance_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_from" timestamp with time zone NOT NULL,
	"starts" timestamp with time zone NOT NULL,
	"ends" timestamp with time zone NOT NULL,
	"text_et" text NOT NULL,
	"text_ru" text NOT NULL,
	"text_en" text NOT NULL,
	"creator_id" integer REFERENCES "users"("id"),
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_notices_window_ck" CHECK ("show_from" <= "starts" AND "starts" < "ends"),
	CONSTRAINT "maintenance_notices_text_ck" CHECK (
		length("text_et") between 1 and 500 AND length("text_ru") between 1 and 500 AND length("text_en") between 1 and 500)
);
--> statement-breakpoint
CREATE INDEX "maintenance_notices_ends_idx" ON "maintenance_notices" USING btree ("ends");
