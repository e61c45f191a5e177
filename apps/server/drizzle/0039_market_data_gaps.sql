CREATE TABLE "market_data_gaps" (
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"alerted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_data_gaps_coin_day_pk" PRIMARY KEY("coin","day")
);
