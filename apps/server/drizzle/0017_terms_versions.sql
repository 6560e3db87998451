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
CREATE UNIQUE INDEX "terms_versions_effective_uq" ON "terms_versions" USING btree ("effective_from");--> statement-breakpoint
-- The announcement mail's template (the text of apps/server/src/db/seed/templates.ts) for a database whose templates
-- were seeded before this version, so that it is on the notifications screen to edit; a fresh database gets it from
-- the seed.
INSERT INTO "email_templates" ("key", "type", "language", "subject", "content")
SELECT v.key, v.type, v.language, v.subject, v.content FROM (VALUES
	('TERMS_CHANGED', 'EXTERNAL', 'EST', 'Hankeportaali kasutustingimused muutuvad {{terms_effective}}', E'Tere, {{user_first_name}} {{user_last_name}}!\n\nHankeportaali kasutustingimuste uus versioon {{terms_version}} jõustub {{terms_effective}}. Uue tekstiga saate tutvuda siin: {{terms_link}}\n\nAlates jõustumise päevast palutakse teil portaali sisenedes uute tingimustega nõustuda.\n\nLugupidamisega\nTallinna Linnatranspordi hankeportaal'),
	('TERMS_CHANGED', 'EXTERNAL', 'RUS', 'Условия использования портала закупок меняются {{terms_effective}}', E'Здравствуйте, {{user_first_name}} {{user_last_name}}!\n\nНовая версия {{terms_version}} условий использования портала закупок вступает в силу {{terms_effective}}. С новым текстом можно ознакомиться здесь: {{terms_link}}\n\nСо дня вступления в силу портал попросит вас принять новые условия при входе.\n\nС уважением,\nпортал закупок Tallinna Linnatransport'),
	('TERMS_CHANGED', 'EXTERNAL', 'ENG', 'The terms of use of the procurement portal change on {{terms_effective}}', E'Hello {{user_first_name}} {{user_last_name}},\n\nVersion {{terms_version}} of the terms of use of the procurement portal takes effect on {{terms_effective}}. You can read the new text here: {{terms_link}}\n\nFrom that day the portal asks you to accept the new terms when you sign in.\n\nKind regards,\nTallinna Linnatransport procurement portal')
) AS v(key, type, language, subject, content)
WHERE EXISTS (SELECT 1 FROM "email_templates")
ON CONFLICT DO NOTHING;
