CREATE TABLE "alert_settings" (
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"offline_alert" boolean DEFAULT true NOT NULL,
	"hashrate_threshold" double precision,
	"repeat_minutes" integer DEFAULT 60 NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	CONSTRAINT "alert_settings_account_id_coin_pk" PRIMARY KEY("account_id","coin")
);
--> statement-breakpoint
CREATE TABLE "alert_state" (
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"kind" text NOT NULL,
	"firing" boolean NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "alert_state_account_id_coin_kind_pk" PRIMARY KEY("account_id","coin","kind")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"type" text NOT NULL,
	"params" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","created_at");