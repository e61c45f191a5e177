-- The fee rates by the UTC day they apply from: an operator's change applies from the next day, so a
-- day settled after the change (or a block found before it) is charged the rate it was mined under.
CREATE TABLE "earning_fee_rate_history" (
	"coin" text NOT NULL,
	"method" text NOT NULL,
	"effective_from" date NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earning_fee_rate_history_coin_method_effective_from_pk" PRIMARY KEY("coin","method","effective_from")
);
