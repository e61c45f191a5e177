CREATE TABLE "invite_rewards" (
	"inviter_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"day" date NOT NULL,
	"account_id" uuid NOT NULL,
	"invitees" integer NOT NULL,
	"base" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invite_rewards_inviter_id_coin_day_pk" PRIMARY KEY("inviter_id","coin","day")
);
