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
--> statement-breakpoint
-- The three new mail templates in EST, RUS and ENG (the texts of apps/server/src/db/seed/templates.ts), so that they
-- are on the notifications screen of an existing installation too; rows already there are left as they are.
INSERT INTO "email_templates" ("key", "type", "language", "subject", "content") VALUES
	('TENDER_QUESTION', 'INTERNAL', 'EST', 'Küsimus hankes {{tender_code}}', 'Tere!

Tarnija esitas küsimuse hanke {{tender_code}} kohta ({{question_about}}):

{{question}}

Hange lõpeb {{tender_finish}}. Vastus avaldatakse portaalis kõigile tarnijatele, kes hanget näevad; küsija nime ei näidata.

Lugupidamisega
Tallinna Linnatranspordi hankeportaal'),
	('TENDER_QUESTION', 'INTERNAL', 'RUS', 'Вопрос по тендеру {{tender_code}}', 'Здравствуйте!

Поставщик задал вопрос по тендеру {{tender_code}} ({{question_about}}):

{{question}}

Тендер заканчивается {{tender_finish}}. Ответ публикуется в портале для всех поставщиков, которые видят тендер; имя спросившего не показывается.

С уважением,
портал закупок Tallinna Linnatransport'),
	('TENDER_QUESTION', 'INTERNAL', 'ENG', 'Question on tender {{tender_code}}', 'Hello,

A supplier asked a question on tender {{tender_code}} ({{question_about}}):

{{question}}

The tender ends {{tender_finish}}. The answer is published in the portal to every supplier who can see the tender; the asker is not named.

Kind regards,
Tallinna Linnatransport procurement portal'),
	('TENDER_ANSWER', 'EXTERNAL', 'EST', 'Hanke {{tender_code}} küsimusele vastati', 'Tere!

Hanke {{tender_code}} kohta ({{question_about}}) küsiti:

{{question}}

Ostja vastus:

{{answer}}

Hange lõpeb {{tender_finish}}.

Lugupidamisega
Tallinna Linnatranspordi hankeportaal'),
	('TENDER_ANSWER', 'EXTERNAL', 'RUS', 'Ответ на вопрос по тендеру {{tender_code}}', 'Здравствуйте!

По тендеру {{tender_code}} ({{question_about}}) был задан вопрос:

{{question}}

Ответ покупателя:

{{answer}}

Тендер заканчивается {{tender_finish}}.

С уважением,
портал закупок Tallinna Linnatransport'),
	('TENDER_ANSWER', 'EXTERNAL', 'ENG', 'A question on tender {{tender_code}} was answered', 'Hello,

A question was asked on tender {{tender_code}} ({{question_about}}):

{{question}}

The buyer answered:

{{answer}}

The tender ends {{tender_finish}}.

Kind regards,
Tallinna Linnatransport procurement portal'),
	('TENDER_EXTENDED', 'EXTERNAL', 'EST', 'Hanke {{tender_code}} lõpuaega pikendati', 'Tere!

Hanke {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) nõudeid täpsustati ja selle lõpuaega pikendati: senine lõpp {{tender_old_finish}}, uus lõpp {{tender_finish}}. Küsimused ja vastused on portaalis hanke juures; pakkumisi saab muuta kuni uue lõpuajani.

Lugupidamisega
Tallinna Linnatranspordi hankeportaal'),
	('TENDER_EXTENDED', 'EXTERNAL', 'RUS', 'Срок тендера {{tender_code}} продлён', 'Здравствуйте!

Требования тендера {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) уточнены, и срок его окончания продлён: прежнее окончание {{tender_old_finish}}, новое окончание {{tender_finish}}. Вопросы и ответы находятся в портале на странице тендера; предложения можно изменять до нового срока.

С уважением,
портал закупок Tallinna Linnatransport'),
	('TENDER_EXTENDED', 'EXTERNAL', 'ENG', 'Tender {{tender_code}} has been extended', 'Hello,

The requirements of tender {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) were clarified and its end was moved: previous end {{tender_old_finish}}, new end {{tender_finish}}. The questions and answers are on the tender in the portal; offers can be changed until the new end.

Kind regards,
Tallinna Linnatransport procurement portal')
ON CONFLICT ("key", "type", "language") DO NOTHING;
