CREATE TABLE "group_alert_state" (
	"group_id" bigint PRIMARY KEY NOT NULL,
	"firing" boolean NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "worker_groups" ADD COLUMN "hashrate_threshold" double precision;--> statement-breakpoint
ALTER TABLE "group_alert_state" ADD CONSTRAINT "group_alert_state_group_id_worker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."worker_groups"("id") ON DELETE cascade ON UPDATE no action;