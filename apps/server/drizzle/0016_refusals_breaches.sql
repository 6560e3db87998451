-- Issue 32: a winner who refuses its award (a line or its whole order), the claim against it, and the breach
-- register of a supplier. Written by the tenders module (refusals) and the breaches module (breaches).
CREATE TABLE "refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL REFERENCES "tenders"("id"),
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
	"scope" text NOT NULL,
	"refused_on" date NOT NULL,
	"reason" text NOT NULL,
	"claim_date" date NOT NULL,
	"claim_due" date NOT NULL,
	"claim_amount" numeric(14, 2) NOT NULL DEFAULT 0,
	"user_id" integer REFERENCES "users"("id"),
	"created" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "refusals_scope_ck" CHECK ("scope" in ('LINE','ORDER')),
	CONSTRAINT "refusals_claim_ck" CHECK ("claim_amount" >= 0 and "claim_due" >= "claim_date"),
	CONSTRAINT "refusals_reason_ck" CHECK (length("reason") between 1 and 1000)
);--> statement-breakpoint
CREATE INDEX "refusals_tender_idx" ON "refusals" ("tender_id");--> statement-breakpoint
CREATE TABLE "refusal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refusal_id" integer NOT NULL REFERENCES "refusals"("id") ON DELETE CASCADE,
	"detail_id" integer NOT NULL REFERENCES "details"("id"),
	"refused_proposal_id" integer NOT NULL REFERENCES "proposals"("id"),
	"refused_price" numeric(14, 4) NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"replacement_proposal_id" integer REFERENCES "proposals"("id"),
	"replacement_price" numeric(14, 4),
	"claim" numeric(14, 2) NOT NULL DEFAULT 0,
	CONSTRAINT "refusal_lines_claim_ck" CHECK ("claim" >= 0)
);--> statement-breakpoint
CREATE INDEX "refusal_lines_refusal_idx" ON "refusal_lines" ("refusal_id");--> statement-breakpoint
CREATE INDEX "refusal_lines_proposal_idx" ON "refusal_lines" ("refused_proposal_id");--> statement-breakpoint
CREATE INDEX "refusal_lines_detail_idx" ON "refusal_lines" ("detail_id");--> statement-breakpoint
CREATE TABLE "breaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"reported_on" date,
	"replace_by" date,
	"tender_id" integer REFERENCES "tenders"("id"),
	"detail_id" integer REFERENCES "details"("id"),
	"refusal_id" integer REFERENCES "refusals"("id"),
	"note" text NOT NULL DEFAULT '',
	"claim_amount" numeric(14, 2),
	"claim_due" date,
	"penalty" numeric(8, 2) NOT NULL DEFAULT 0,
	"status" text NOT NULL DEFAULT 'OPEN',
	"creator_id" integer REFERENCES "users"("id"),
	"created" timestamp with time zone NOT NULL DEFAULT now(),
	"updated" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "breaches_kind_ck" CHECK ("kind" in ('REFUSED_AWARD','LATE_DELIVERY','DEFECT_NOT_REPLACED','OTHER')),
	CONSTRAINT "breaches_status_ck" CHECK ("status" in ('OPEN','PAID','WAIVED')),
	CONSTRAINT "breaches_penalty_ck" CHECK ("penalty" >= 0 and "penalty" <= 100),
	CONSTRAINT "breaches_claim_ck" CHECK ("claim_amount" is null or "claim_amount" >= 0),
	CONSTRAINT "breaches_note_ck" CHECK (length("note") <= 1000)
);--> statement-breakpoint
CREATE INDEX "breaches_supplier_idx" ON "breaches" ("supplier_id", "occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "breaches_refusal_uq" ON "breaches" ("refusal_id");
