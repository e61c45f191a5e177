CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"access_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_hash" text NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"device_hash" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "mining_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_accounts_status_check" CHECK ("mining_accounts"."status" in ('normal', 'abnormal'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"name" text PRIMARY KEY NOT NULL,
	"permissions" jsonb NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"ip" text,
	"device" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"phone_country" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"pay_password_hash" text,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"language" text DEFAULT 'en' NOT NULL,
	"timezone" text DEFAULT 'UTC+00:00' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"notify_email" text,
	"invite_code" text NOT NULL,
	"invited_by" uuid,
	"current_account_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"security_changed_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'cancelling', 'closed')),
	CONSTRAINT "users_login_id_check" CHECK ("users"."email" is not null or "users"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"object_ref" text,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_channel_check" CHECK ("verification_codes"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "ingest_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_refusals" (
	"minute" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ingest_refusals_minute_reason_pk" PRIMARY KEY("minute","reason")
);
--> statement-breakpoint
CREATE TABLE "owner_history" (
	"coin" text NOT NULL,
	"owner" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"resolution" integer NOT NULL,
	"accepted_work" double precision DEFAULT 0 NOT NULL,
	"rejected_work" double precision DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"stale" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "owner_history_coin_owner_resolution_bucket_pk" PRIMARY KEY("coin","owner","resolution","bucket")
);
--> statement-breakpoint
CREATE TABLE "pool_history" (
	"coin" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"resolution" integer NOT NULL,
	"accepted_work" double precision DEFAULT 0 NOT NULL,
	"rejected_work" double precision DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"stale" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pool_history_coin_resolution_bucket_pk" PRIMARY KEY("coin","resolution","bucket")
);
--> statement-breakpoint
CREATE TABLE "share_minutes" (
	"worker_id" bigint NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"accepted_work" double precision DEFAULT 0 NOT NULL,
	"rejected_work" double precision DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"stale" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "share_minutes_worker_id_minute_pk" PRIMARY KEY("worker_id","minute")
);
--> statement-breakpoint
CREATE TABLE "worker_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_history" (
	"worker_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"resolution" integer NOT NULL,
	"accepted_work" double precision DEFAULT 0 NOT NULL,
	"rejected_work" double precision DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"stale" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "worker_history_worker_id_resolution_bucket_pk" PRIMARY KEY("worker_id","resolution","bucket")
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"account_id" uuid,
	"address" text,
	"name" text NOT NULL,
	"group_id" bigint,
	"first_share_at" timestamp with time zone NOT NULL,
	"last_share_at" timestamp with time zone NOT NULL,
	"last_ip" text,
	"accepted_shares" bigint DEFAULT 0 NOT NULL,
	"rejected_shares" bigint DEFAULT 0 NOT NULL,
	"hashrate_15m" double precision DEFAULT 0 NOT NULL,
	"hashrate_1h" double precision DEFAULT 0 NOT NULL,
	"hashrate_24h" double precision DEFAULT 0 NOT NULL,
	"reject_rate" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_accounts" ADD CONSTRAINT "mining_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_roles_name_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_groups" ADD CONSTRAINT "worker_groups_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_account_id_mining_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mining_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_group_id_worker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."worker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_access_unique" ON "auth_sessions" USING btree ("access_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_refresh_unique" ON "auth_sessions" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "auth_sessions_family_idx" ON "auth_sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mining_accounts_name_unique" ON "mining_accounts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "mining_accounts_user_idx" ON "mining_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_unique" ON "users" USING btree ("phone_country","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_unique" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "verification_codes_lookup_idx" ON "verification_codes" USING btree ("target","purpose","created_at");--> statement-breakpoint
CREATE INDEX "ingest_batches_received_idx" ON "ingest_batches" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "share_minutes_minute_idx" ON "share_minutes" USING btree ("minute");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_groups_name_unique" ON "worker_groups" USING btree ("account_id","coin",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "workers_account_name_unique" ON "workers" USING btree ("coin","account_id","name") WHERE "workers"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "workers_address_name_unique" ON "workers" USING btree ("coin","address","name") WHERE "workers"."address" is not null;--> statement-breakpoint
CREATE INDEX "workers_account_last_share_idx" ON "workers" USING btree ("account_id","coin","last_share_at");--> statement-breakpoint
CREATE INDEX "workers_account_hashrate_idx" ON "workers" USING btree ("account_id","coin","hashrate_15m");