CREATE TABLE "price_feed_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_error" text,
	"stale_alerted_at" timestamp with time zone,
	CONSTRAINT "price_feed_state_one_row" CHECK ("price_feed_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "price_quotes" (
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"value" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"reason" text,
	"set_by" uuid,
	CONSTRAINT "price_quotes_kind_code_pk" PRIMARY KEY("kind","code"),
	CONSTRAINT "price_quotes_kind_check" CHECK ("price_quotes"."kind" in ('coin', 'currency')),
	CONSTRAINT "price_quotes_value_check" CHECK ("price_quotes"."value" > 0)
);
