-- The fee rate of the method before any coupon, as the daily settlement read it: the coupon
-- saving recorded later uses it, not the rate of the day it is recorded (null on older rows).
ALTER TABLE "profits" ADD COLUMN "full_fee_rate" numeric;
