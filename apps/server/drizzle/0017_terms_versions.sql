-- Terms of use versions announced ahead (issue 32, point 5): an administrator publishes the new text in the three
-- languages with the day it takes effect (at least 20 calendar days ahead). From that day the version is the one in
-- force and every user re-consents to it; until then a banner announces it. The first version ('2026-01') is the
-- text shipped with the web app and has no row.
CREATE TABLE "terms_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"text_et" text NOT NULL,
	"text_ru" text NOT NULL,
	"text_en" text NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "terms_versions_version_uq" ON "terms_versions" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_versions_effective_uq" ON "terms_versions" USING btree ("effective_from");
