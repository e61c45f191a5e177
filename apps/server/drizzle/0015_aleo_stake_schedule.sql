CREATE TABLE "aleo_stake_schedule" (
	"effective_from" timestamp with time zone PRIMARY KEY NOT NULL,
	"stake_per_solution" numeric(24, 6) NOT NULL,
	"source" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aleo_stake_schedule" ADD CONSTRAINT "aleo_stake_schedule_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;