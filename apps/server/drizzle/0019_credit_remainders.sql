CREATE TABLE "credit_remainders" (
	"holder" text NOT NULL,
	"coin" text NOT NULL,
	"remainder" numeric NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_remainders_holder_coin_pk" PRIMARY KEY("holder","coin"),
	CONSTRAINT "credit_remainders_range_check" CHECK ("credit_remainders"."remainder" >= 0 and "credit_remainders"."remainder" < 1)
);
