// The operators' audit log's vocabulary (docs/rules.md, Operations rules): every action code the
// server records and every detail field it writes. The server's AuditLog takes only these codes,
// and the web names each one in every language, so the log never shows a raw code.

export const AUDIT_ACTIONS = [
  'withdrawal_approve',
  'withdrawal_reject',
  'withdrawal_approve_requested',
  'adjustment',
  'adjustment_requested',
  'approval_declined',
  'reconciliation_mismatch',
  'fee_rate_update',
  'market_data_update',
  'block_void',
  'price_override',
  'stake_schedule_update',
  'coin_settings_update',
  'site_parameter_update',
  'coin_listing_update',
  'user_login_disable',
  'user_login_enable',
  'user_totp_reset',
  'user_roles',
  'content_create',
  'content_update',
  'content_delete',
  'contract_bank_details',
  'contract_product_create',
  'contract_product_update',
  'contract_order_confirm',
  'contract_order_reject',
  'coupon_campaign_create',
  'coupon_campaign_disable',
  'coupon_codes_export',
  'red_packet_create',
  'red_packet_cancel',
  'red_packet_user_funding',
  'miner_model_create',
  'miner_model_update',
  'oauth_client_register',
  'oauth_client_disable',
  'ticket_answer',
  'ticket_note',
  'ticket_assign',
  'ticket_close',
  'stake_batch.create',
  'stake_batch.update',
  'loan_product.create',
  'loan_product.update',
  'loan.approve',
  'loan.reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The detail fields the actions write (a contract product's changes use its column names). */
export const AUDIT_FIELDS = [
  'coin', 'amount', 'reason', 'posting', 'approval', 'from', 'to', 'before', 'after', 'granted',
  'title', 'enabled', 'starts_at', 'ends_at', 'vendor', 'name', 'hashrate', 'power_watts', 'price_usd',
  'reduction_percent', 'coins', 'codes', 'all_coins', 'shares', 'budget', 'redirect_uris', 'scopes',
  'code', 'status', 'annual_rate', 'fee_rate', 'max_amount', 'rate', 'capacity',
  'bank_name', 'account_name', 'account_number', 'swift', 'note',
  'network_difficulty', 'block_subsidy', 'avg_fees_per_block', 'hash',
  'unbalanced', 'balance_mismatches', 'custody',
  'withdraw_enabled', 'min_withdraw', 'withdraw_fee', 'max_single_withdraw', 'audit_threshold', 'four_eyes_threshold', 'adjustment_cap', 'max_supply', 'deposit_confirmations', 'sort_order', 'stratum_url',
  'inventory', 'hashrateUnit', 'durationDays', 'priceUsdt', 'priceFiat', 'fiatCurrency', 'powerWatts', 'electricityRate', 'managementFee', 'saleStart', 'saleEnd', 'terms', 'names', 'demo',
  'titles', 'body', 'link', 'position', 'group', 'tone', 'image_id',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

/** The i18n key of an action or field: i18next reads a dot as nesting. */
export const auditKey = (code: string): string => code.replace(/\./g, '_');

/**
 * What an entry's target names, as `<kind>:<id>` (the kind's word in the interface's language, the
 * id as written) or one of the fixed targets (a setting, the ledger). Coin codes are upper-cased.
 * A target of another form (a bare id) is shown as the reference it is.
 */
export const AUDIT_TARGET_KINDS = [
  'user', 'account', 'ticket', 'red_packet', 'coupon_campaign', 'withdrawal', 'price', 'oauth_client', 'miner_model',
  'contract_product', 'contract_order', 'coin', 'aleo_stake', 'fee_rate', 'market_data', 'block',
] as const;
export const AUDIT_FIXED_TARGETS = [
  'promotions:user_red_packets', 'contracts:bank_details', 'ledger',
  'site_parameter:site_name', 'site_parameter:support_email', 'site_parameter:app_download_url',
] as const;
