-- The supplier's side after the offer (issue 34, points 4–6): a receipt for every accepted offer set, a line declined
-- with a reason, and the buyer's switch for the feedback after the award (docs/decisions.md, "Offer receipts",
-- "Declined lines", "Feedback after the award").
ALTER TABLE "tenders" ADD COLUMN "feedback_enabled" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "offer_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL REFERENCES "tenders"("id"),
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"created" timestamp (3) with time zone NOT NULL,
	"salt" text NOT NULL,
	"digest" text NOT NULL,
	"lines" integer NOT NULL,
	"replaced" timestamp (3) with time zone,
	CONSTRAINT "offer_receipts_digest_ck" CHECK ("digest" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "offer_receipts_company_idx" ON "offer_receipts" USING btree ("tender_id","supplier_id","id");
--> statement-breakpoint
CREATE TABLE "line_declines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL REFERENCES "tenders"("id"),
	"detail_id" integer NOT NULL REFERENCES "details"("id"),
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "line_declines_reason_ck" CHECK ("reason" in ('NOT_IN_STOCK','DISCONTINUED','CANNOT_MEET_DATE','OTHER')),
	CONSTRAINT "line_declines_text_ck" CHECK (length("text") <= 500 and (("reason" = 'OTHER') = (length(btrim("text")) > 0)))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "line_declines_company_uq" ON "line_declines" USING btree ("detail_id","supplier_id");
--> statement-breakpoint
CREATE INDEX "line_declines_tender_idx" ON "line_declines" USING btree ("tender_id");
