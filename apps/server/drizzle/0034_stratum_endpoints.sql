CREATE TABLE "stratum_endpoints" (
	"instance" text NOT NULL,
	"coin" text NOT NULL,
	"url" text NOT NULL,
	"start_difficulty" double precision NOT NULL,
	"min_difficulty" double precision NOT NULL,
	"max_difficulty" double precision NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "stratum_endpoints_instance_coin_url_pk" PRIMARY KEY("instance","coin","url")
);
--> statement-breakpoint
CREATE INDEX "stratum_endpoints_coin_seen_idx" ON "stratum_endpoints" USING btree ("coin","last_seen");