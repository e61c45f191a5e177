CREATE TABLE "blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coin" text NOT NULL,
	"height" bigint NOT NULL,
	"hash" text NOT NULL,
	"reward" numeric(38, 18) NOT NULL,
	"finder_owner" text NOT NULL,
	"finder_worker" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"network_difficulty" double precision NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"effort" double precision
);
--> statement-breakpoint
CREATE TABLE "network_stats" (
	"coin" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"difficulty" double precision NOT NULL,
	"height" bigint NOT NULL,
	CONSTRAINT "network_stats_coin_at_pk" PRIMARY KEY("coin","at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_coin_hash_unique" ON "blocks" USING btree ("coin","hash");--> statement-breakpoint
CREATE INDEX "blocks_coin_found_idx" ON "blocks" USING btree ("coin","found_at");