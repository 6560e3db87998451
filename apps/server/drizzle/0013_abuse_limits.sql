-- Abuse limits and eID logins shared by every replica (issue 31, point 5). Attempt counters in fixed windows, written
-- with atomic upserts (insert … on conflict do update … returning), so no replica reads and then writes a count;
-- Smart-ID / Mobile-ID logins in progress and ID-card nonces, so a login started on one replica finishes on another.
CREATE TABLE "throttles" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	CONSTRAINT "throttles_pk" PRIMARY KEY("scope","key")
);--> statement-breakpoint
CREATE INDEX "throttles_window_end_idx" ON "throttles" USING btree ("window_end");--> statement-breakpoint
CREATE TABLE "eid_logins" (
	"auth_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"session_id" text NOT NULL,
	"challenge" text NOT NULL,
	"hash_name" text NOT NULL,
	"code" text NOT NULL,
	"personal_code" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "eid_logins_method_ck" CHECK ("method" in ('smart','mobile')),
	CONSTRAINT "eid_logins_hash_ck" CHECK ("hash_name" in ('sha256','sha384','sha512'))
);--> statement-breakpoint
CREATE INDEX "eid_logins_deadline_idx" ON "eid_logins" USING btree ("deadline");--> statement-breakpoint
CREATE TABLE "eid_nonces" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"expires" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "eid_nonces_expires_idx" ON "eid_nonces" USING btree ("expires");
--> statement-breakpoint
CREATE TABLE "recovery_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created" timestamp with time zone NOT NULL
);
