-- The 48-hour choosing clock (issue 32, point 1). One row per reminder sent: a tender's 24-hours-left and overdue
-- reminders, each once per tender end (the finish it was counted from, so a tender reopened with a new end is reminded
-- again). The scheduler writes a row with `insert … on conflict do nothing returning` in the transaction that queues
-- the mails, so replicas ticking at once send each reminder once.
CREATE TABLE "tender_choose_reminders" (
	"tender_id" integer NOT NULL,
	"kind" text NOT NULL,
	"finish" timestamp with time zone NOT NULL,
	"sent" timestamp with time zone NOT NULL,
	CONSTRAINT "tender_choose_reminders_pk" PRIMARY KEY("tender_id","kind","finish"),
	CONSTRAINT "tender_choose_reminders_kind_ck" CHECK ("kind" in ('DUE_SOON','OVERDUE'))
);--> statement-breakpoint
ALTER TABLE "tender_choose_reminders" ADD CONSTRAINT "tender_choose_reminders_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tenders still to be chosen, by their end: the scheduler's pass reads only these.
CREATE INDEX "tenders_choosing_finish_idx" ON "tenders" USING btree ("finish") WHERE "status" in ('FINISHED','CHOOSING');--> statement-breakpoint
-- The reminder templates, so an installation whose templates were already seeded can edit them on the notifications
-- screen. Only there: an empty table (a new installation) is filled by the seed, and a mail without a row uses the
-- shipped text.
INSERT INTO "email_templates" ("key", "type", "language", "subject", "content")
SELECT v.* FROM (VALUES
	('TENDER_CHOOSE_SOON', 'INTERNAL', 'EST', 'Hange {{tender_code}}: võitjate valimiseks on jäänud 24 tundi', E'Tere!\n\nHange {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) lõppes {{tender_finish}}. Tingimuste järgi valitakse võitjad 48 tunni jooksul: palun valige need hiljemalt {{choose_by}}.\n\nLugupidamisega\nTallinna Linnatranspordi hankeportaal'),
	('TENDER_CHOOSE_SOON', 'INTERNAL', 'RUS', 'Тендер {{tender_code}}: на выбор победителей осталось 24 часа', E'Здравствуйте!\n\nТендер {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) завершился {{tender_finish}}. По условиям победители выбираются в течение 48 часов: пожалуйста, выберите их не позднее {{choose_by}}.\n\nС уважением,\nпортал закупок Tallinna Linnatransport'),
	('TENDER_CHOOSE_SOON', 'INTERNAL', 'ENG', 'Tender {{tender_code}}: 24 hours left to choose the winners', E'Hello,\n\nTender {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) finished at {{tender_finish}}. By the terms the winners are chosen within 48 hours: please choose them by {{choose_by}}.\n\nKind regards,\nTallinna Linnatransport procurement portal'),
	('TENDER_CHOOSE_OVERDUE', 'INTERNAL', 'EST', 'Hange {{tender_code}}: võitjate valimise aeg on möödas', E'Tere!\n\nHange {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) lõppes {{tender_finish}} ja võitjad oleks tulnud valida hiljemalt {{choose_by}}. Palun valige võitjad või tühistage hange esimesel võimalusel.\n\nLugupidamisega\nTallinna Linnatranspordi hankeportaal'),
	('TENDER_CHOOSE_OVERDUE', 'INTERNAL', 'RUS', 'Тендер {{tender_code}}: срок выбора победителей истёк', E'Здравствуйте!\n\nТендер {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) завершился {{tender_finish}}, и победителей следовало выбрать не позднее {{choose_by}}. Пожалуйста, выберите победителей или отмените тендер как можно скорее.\n\nС уважением,\nпортал закупок Tallinna Linnatransport'),
	('TENDER_CHOOSE_OVERDUE', 'INTERNAL', 'ENG', 'Tender {{tender_code}}: the time to choose the winners has passed', E'Hello,\n\nTender {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) finished at {{tender_finish}} and the winners were to be chosen by {{choose_by}}. Please choose the winners or cancel the tender as soon as you can.\n\nKind regards,\nTallinna Linnatransport procurement portal')
) AS v("key", "type", "language", "subject", "content")
WHERE EXISTS (SELECT 1 FROM "email_templates")
ON CONFLICT DO NOTHING;
