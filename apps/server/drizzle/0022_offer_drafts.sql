-- A supplier company's offer draft per tender (issue 34, point 2): what its users typed in the offer form and have not
-- sent, kept on the server so that it comes back on any device and after a new login. Not an offer: no route of the
-- buyers reads it, the offer and the deadline never look at it, and it is deleted when the tender leaves ACTIVE
-- (finished by the scheduler, cancelled) or when the company sends or withdraws its offer.
CREATE TABLE "offer_drafts" (
	"tender_id" integer NOT NULL REFERENCES "tenders"("id") ON DELETE CASCADE,
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id") ON DELETE CASCADE,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"data" jsonb NOT NULL,
	"updated" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_drafts_pk" PRIMARY KEY ("tender_id", "supplier_id")
);
