CREATE TABLE "failed_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "failed_attempts_key_idx" ON "failed_attempts" USING btree ("scope","key_hash","failed_at");--> statement-breakpoint
CREATE INDEX "failed_attempts_age_idx" ON "failed_attempts" USING btree ("scope","failed_at");