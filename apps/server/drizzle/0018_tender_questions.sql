-- Questions while a tender runs (issue 32, point 6). A supplier asks on an ACTIVE tender or one of its lines; buyers
-- answer; an answered question is shown to every supplier who may see the tender. The asking company and user are
-- kept here for the record only: no answer of the API names them (docs/decisions.md, "Questions while a tender runs").
CREATE TABLE "tender_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL REFERENCES "tenders"("id"),
	"detail_id" integer REFERENCES "details"("id"),
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"question" text NOT NULL,
	"answer" text,
	"answered_by" integer REFERENCES "users"("id"),
	"answered" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_questions_question_len_ck" CHECK (length("question") between 1 and 1000),
	CONSTRAINT "tender_questions_answer_len_ck" CHECK ("answer" is null or length("answer") between 1 and 2000),
	CONSTRAINT "tender_questions_answered_ck" CHECK (("answer" is null) = ("answered" is null))
);--> statement-breakpoint
CREATE INDEX "tender_questions_tender_idx" ON "tender_questions" USING btree ("tender_id","id");
