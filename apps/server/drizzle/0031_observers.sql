CREATE TABLE "observer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"nickname" text NOT NULL,
	"permission" text NOT NULL,
	"expiry" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "observer_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "observer_links_permission_check" CHECK ("observer_links"."permission" in ('read_only', 'pool', 'profit')),
	CONSTRAINT "observer_links_expiry_check" CHECK ("observer_links"."expiry" in ('day', 'week', 'month', 'forever'))
);
--> statement-breakpoint
ALTER TABLE "observer_links" ADD CONSTRAINT "observer_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observer_links" ADD CONSTRAINT "observer_links_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observer_links_user_idx" ON "observer_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "observer_links_account_idx" ON "observer_links" USING btree ("account_id");