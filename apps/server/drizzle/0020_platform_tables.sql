-- The message centre (messages) and the operators' audit log are platform tables now (platform/notifications,
-- platform/audit): they name users and sub-accounts by id without foreign keys into the accounts module.
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_admin_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_account_id_mining_accounts_id_fk";
