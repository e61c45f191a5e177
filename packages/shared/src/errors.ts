// The one error catalogue (docs/architecture.md, Requests; docs/rules.md, Errors). Every non-zero `code` the API answers comes
// from here, with its HTTP status. The message text lives in locales/<lang>/errors.json under the
// same key, so the server answers in the caller's language and the web can show the same words.

import { OBSERVER_TOKEN_ERRORS } from './errors-core';

export * from './errors-core';

export const ERRORS = {
  system_error: { code: 10000, status: 500 },
  validation_failed: { code: 10001, status: 400 },
  not_found: { code: 10002, status: 404 },
  too_many_requests: { code: 10003, status: 429 },
  payload_too_large: { code: 10004, status: 413 },
  unsupported_media_type: { code: 10005, status: 415 },
  /** A request with the same idempotency key is running (on this or another instance). */
  request_in_progress: { code: 10006, status: 409 },
  /** A multipart request without its file, or one that broke off. */
  upload_missing: { code: 10020, status: 400 },
  upload_too_large: { code: 10021, status: 413 },
  /** The bytes are not of a type the upload takes (read from the content, not the name). */
  upload_type_refused: { code: 10022, status: 415 },
  signature_missing: { code: 10010, status: 400 },
  signature_invalid: { code: 10011, status: 400 },
  signature_expired: { code: 10012, status: 400 },
  signature_replayed: { code: 10013, status: 400 },
  unauthorized: { code: 40100, status: 401 },
  /** The client refreshes its token on this one (docs/rules.md, States and transitions); HTTP 400 by contract. */
  token_expired: { code: 40001, status: 400 },
  forbidden: { code: 40300, status: 403 },
  coin_not_found: { code: 20001, status: 404 },
  group_not_found: { code: 20002, status: 404 },
  group_name_taken: { code: 20003, status: 409 },
  /** A sub-account holds MAX_GROUPS_PER_ACCOUNT groups of the coin already. */
  group_limit: { code: 20004, status: 409 },
  captcha_failed: { code: 30001, status: 400 },
  code_send_failed: { code: 30002, status: 503 },
  code_resend_wait: { code: 30003, status: 429 },
  code_invalid: { code: 30004, status: 400 },
  code_expired: { code: 30005, status: 400 },
  code_used: { code: 30006, status: 400 },
  code_attempts_exceeded: { code: 30007, status: 400 },
  login_failed: { code: 30010, status: 400 },
  login_key_stale: { code: 30011, status: 400 },
  totp_invalid: { code: 30012, status: 400 },
  totp_reused: { code: 30013, status: 400 },
  /** Too many wrong authenticator codes: none is compared until the window passes. */
  totp_locked: { code: 30015, status: 429 },
  ticket_expired: { code: 30014, status: 400 },
  /** Not 40001: the client must not try to refresh with a refresh token that was refused. */
  refresh_invalid: { code: 40002, status: 401 },
  account_name_taken: { code: 30020, status: 409 },
  account_limit: { code: 30021, status: 400 },
  account_not_registered: { code: 30022, status: 400 },
  second_factor_required: { code: 30030, status: 400 },
  password_incorrect: { code: 30031, status: 400 },
  totp_already_bound: { code: 30032, status: 409 },
  totp_not_bound: { code: 30033, status: 400 },
  totp_required: { code: 30034, status: 400 },
  contact_taken: { code: 30035, status: 409 },
  demo_account_locked: { code: 30036, status: 403 },
  insufficient_balance: { code: 31001, status: 400 },
  idempotency_conflict: { code: 31002, status: 409 },
  pay_password_not_set: { code: 31003, status: 400 },
  pay_password_incorrect: { code: 31004, status: 400 },
  withdraw_hold: { code: 31005, status: 403 },
  withdraw_below_minimum: { code: 31006, status: 400 },
  address_invalid: { code: 31007, status: 400 },
  public_key_invalid: { code: 31008, status: 400 },
  address_not_found: { code: 31009, status: 404 },
  transfer_account_invalid: { code: 31010, status: 400 },
  transfer_to_self: { code: 31011, status: 400 },
  withdrawal_not_found: { code: 31012, status: 404 },
  withdrawal_state_invalid: { code: 31013, status: 409 },
  withdraw_disabled: { code: 31014, status: 400 },
  address_duplicate: { code: 31015, status: 409 },
  pay_password_locked: { code: 31016, status: 429 },
  payout_change_wait: { code: 31017, status: 400 },
  deposit_disabled: { code: 31018, status: 400 },
  /** The amount needs more than MAX_WITHDRAW_PARTS parts of the coin's single maximum. */
  withdraw_too_many_parts: { code: 31019, status: 400 },
  /** A valid address of the coin, but of another network than the pool's node (CHAIN_NETWORKS). */
  address_wrong_network: { code: 31020, status: 400 },
  pay_method_switch_wait: { code: 32001, status: 400 },
  market_data_not_found: { code: 32002, status: 404 },
  market_day_invalid: { code: 32003, status: 400 },
  /** Only a block held by the chain check now can be voided (it passed meanwhile, was settled, or is not held). */
  block_not_held: { code: 32005, status: 409 },
  /** No such coin or currency among those priced. */
  price_not_found: { code: 32010, status: 404 },
  /** The price feed decides the prices: an override is refused with the demo market (PRICES_SOURCE=demo). */
  price_override_demo: { code: 32011, status: 409 },
  /** CNY is the unit of the currency rates: its rate is 1 and cannot be set. */
  price_rate_fixed: { code: 32012, status: 409 },
  /** The price is older than the staleness limit: what depends on it waits for a fresh one. */
  price_stale: { code: 32013, status: 503 },
  // Operations: operator roles, user administration, coin settings, four-eyes approvals.
  login_disabled: { code: 39001, status: 403 },
  /** The confirmation of a four-eyes action must come from another operator than the request. */
  four_eyes_same_operator: { code: 39002, status: 409 },
  approval_not_found: { code: 39003, status: 404 },
  /** Minimum above the single maximum, a fee not below the minimum, and the like. */
  coin_settings_invalid: { code: 39004, status: 400 },
  /** An operator may not disable their own login or take away their own admin role. */
  operator_self_change: { code: 39005, status: 400 },
  operator_user_not_found: { code: 39006, status: 404 },
  /** An adjustment larger than the coin can ever have in existence (its supply cap). */
  adjustment_over_supply: { code: 39007, status: 400 },
  /** An adjustment larger than the cap an operator set for the coin. */
  adjustment_over_cap: { code: 39008, status: 400 },
  /** Hiding the only coin the site still lists: a pool site needs one pool to show. */
  coin_last_listed: { code: 39009, status: 409 },
  /** A change that would leave no admin who can sign in (two admins taking each other's role at once). */
  operator_last_admin: { code: 39010, status: 409 },
  /** A four-eyes request whose operator no longer holds a finance or admin role (or cannot sign in). */
  approval_requester_gone: { code: 39011, status: 409 },
  /** A retried adjustment whose four-eyes request an operator declined: it is not carried out. */
  approval_declined: { code: 39012, status: 409 },
  /** An operator adjusting, approving or confirming a movement of their own accounts' money. */
  operator_own_money: { code: 39013, status: 403 },
  // ---- promotions: 35000-35099 ----
  coupon_code_required: { code: 35001, status: 400 },
  coupon_code_unknown: { code: 35002, status: 400 },
  coupon_code_used: { code: 35003, status: 409 },
  coupon_code_expired: { code: 35004, status: 400 },
  coupon_not_found: { code: 35005, status: 404 },
  /** Only an unused coupon can be started. */
  coupon_not_unused: { code: 35006, status: 409 },
  /** One coupon in use per sub-account and coin. */
  coupon_coin_in_use: { code: 35007, status: 409 },
  coupon_coin_out_of_scope: { code: 35008, status: 400 },
  coupon_expired: { code: 35009, status: 400 },
  campaign_not_found: { code: 35010, status: 404 },
  campaign_code_taken: { code: 35011, status: 409 },
  campaign_use_before_past: { code: 35012, status: 400 },
  campaign_single_code_count: { code: 35013, status: 400 },
  /** The code's campaign was disabled by an operator: its codes not yet redeemed redeem no more. */
  coupon_code_disabled: { code: 35014, status: 400 },
  red_packet_not_found: { code: 35020, status: 404 },
  red_packet_expired: { code: 35021, status: 400 },
  red_packet_none_left: { code: 35022, status: 409 },
  red_packet_received: { code: 35023, status: 409 },
  red_packet_email_mismatch: { code: 35024, status: 403 },
  red_packet_main_account: { code: 35025, status: 403 },
  red_packet_ended: { code: 35026, status: 400 },
  red_packet_deadline_past: { code: 35027, status: 400 },
  /** Users may not fund red packets of this coin (operators' setting). */
  red_packet_user_funding_off: { code: 35028, status: 403 },
  /** The packet was cancelled by its funder or an operator: no share can be received any more. */
  red_packet_cancelled: { code: 35029, status: 400 },
  // Support tickets, site content and the miner catalogue: 38000-38099.
  ticket_needs_contact: { code: 38001, status: 400 },
  ticket_not_found: { code: 38002, status: 404 },
  ticket_closed: { code: 38003, status: 409 },
  /** An attachment id that is not the caller's unused upload. */
  ticket_attachment_invalid: { code: 38004, status: 400 },
  /** Too many uploads not yet on a message (a day's worth): attach or wait for them to be cleared. */
  ticket_uploads_exceeded: { code: 38005, status: 429 },
  /** The user's ticket uploads of the last 30 days are at their total size. */
  ticket_upload_quota_exceeded: { code: 38006, status: 429 },
  /** The user has sent the most messages one ticket takes: a new ticket goes on. */
  ticket_thread_full: { code: 38007, status: 409 },
  content_not_found: { code: 38010, status: 404 },
  content_window_invalid: { code: 38011, status: 400 },
  content_body_required: { code: 38012, status: 400 },
  /** A second campaign for a page that has one. */
  content_slug_taken: { code: 38013, status: 409 },
  /** An image id that is not an uploaded content image. */
  content_image_invalid: { code: 38014, status: 400 },
  /** Joining a campaign outside its time window. */
  campaign_not_running: { code: 38015, status: 409 },
  miner_model_not_found: { code: 38020, status: 404 },
  miner_model_exists: { code: 38021, status: 409 },
  // Staking and borrowing: 34000-34099.
  stake_batch_not_found: { code: 34001, status: 404 },
  stake_below_minimum: { code: 34002, status: 400 },
  stake_one_active: { code: 34003, status: 409 },
  stake_exceeds_max: { code: 34004, status: 400 },
  stake_reduce_invalid: { code: 34005, status: 400 },
  stake_full_lock: { code: 34006, status: 400 },
  stake_not_found: { code: 34007, status: 404 },
  stake_unstake_wait: { code: 34008, status: 400 },
  stake_claim_fixed: { code: 34009, status: 400 },
  stake_nothing_to_claim: { code: 34010, status: 400 },
  asset_staking: { code: 34011, status: 400 },
  stake_loan_outstanding: { code: 34012, status: 400 },
  stake_operation_failed: { code: 34013, status: 400 },
  stake_forfeit_unconfirmed: { code: 34014, status: 400 },
  stake_batch_invalid: { code: 34015, status: 400 },
  stake_batch_code_taken: { code: 34016, status: 409 },
  /** A claim while a loan on the stake is pending or active (its reward stays in the stake). */
  stake_claim_loan: { code: 34017, status: 400 },
  /** An unstake while a loan asked for the stake waits for approval. */
  stake_loan_pending: { code: 34018, status: 400 },
  loan_product_not_found: { code: 34030, status: 404 },
  borrow_too_low: { code: 34031, status: 400 },
  borrow_too_high: { code: 34032, status: 400 },
  borrow_no_capacity: { code: 34033, status: 400 },
  borrow_stake_required: { code: 34034, status: 400 },
  loan_not_found: { code: 34035, status: 404 },
  loan_state_invalid: { code: 34036, status: 409 },
  loan_repay_exceeds: { code: 34037, status: 400 },
  loan_open_exists: { code: 34038, status: 409 },
  loan_product_invalid: { code: 34039, status: 400 },
  /** The stake's own ALEO (less an active loan's principal) is below the loan's interest for its whole period. */
  borrow_interest_uncovered: { code: 34040, status: 400 },
  /** Approving a pending loan whose stake is no longer active. */
  loan_stake_inactive: { code: 34041, status: 409 },
  // Sign-in: WeChat, SMS gateway, TOTP validation: 37400-37999.
  /** Too many codes to one phone number within the hour. */
  sms_number_limit: { code: 37401, status: 429 },
  /** Too many codes from one address within the hour. */
  sms_ip_limit: { code: 37402, status: 429 },
  /** An authenticator proof that is unknown, spent, expired or for another operation. */
  totp_proof_invalid: { code: 37410, status: 400 },
  wechat_disabled: { code: 37420, status: 404 },
  /** The state of a WeChat redirect is unknown, spent, expired or for another purpose. */
  wechat_state_invalid: { code: 37421, status: 400 },
  /** WeChat refused the code (40029 invalid, 40163 already used). */
  wechat_code_invalid: { code: 37422, status: 400 },
  /** WeChat could not be reached or refused our credentials. */
  wechat_unavailable: { code: 37423, status: 503 },
  /** No account has bound this WeChat account: log in another way and bind it first. */
  wechat_not_bound: { code: 37424, status: 400 },
  wechat_already_bound: { code: 37425, status: 409 },
  /** This WeChat account is bound to another user. */
  wechat_taken: { code: 37426, status: 409 },
  wechat_not_linked: { code: 37427, status: 400 },
  // Cloud-mining contracts (33000-33099)
  contract_product_not_found: { code: 33001, status: 404 },
  /** The product is not on sale (draft, ended) or outside its sale window. */
  contract_not_on_sale: { code: 33002, status: 400 },
  /** More units than are left for sale ({available}). */
  contract_inventory_short: { code: 33003, status: 409 },
  contract_order_not_found: { code: 33004, status: 404 },
  /** The order's state does not allow this ({status}). */
  contract_order_state: { code: 33005, status: 409 },
  contract_terms_required: { code: 33006, status: 400 },
  /** The chain adapter cannot give an address on this network. */
  contract_network_unavailable: { code: 33007, status: 400 },
  /** No price of the coin to convert the order's amount with. */
  contract_price_unavailable: { code: 33008, status: 400 },
  /** Bank transfer chosen while the pool has no bank details. */
  contract_bank_unset: { code: 33009, status: 400 },
  /** A product whose values do not fit together (sale window, inventory below units sold). */
  contract_product_invalid: { code: 33010, status: 400 },
  /** A payment certificate is for a bank-transfer order only ({method}: the order's way to pay). */
  contract_certificate_bank_only: { code: 33011, status: 409 },
  /** Paying from the wallet balance is for an order placed to be paid that way. */
  contract_balance_not_chosen: { code: 33012, status: 409 },
  /** An order placed to be paid from the wallet balance is paid by its owner, never confirmed by an operator. */
  contract_confirm_balance: { code: 33013, status: 409 },
  /** The balance quote the user confirmed is no longer the price (a new day's price landed): nothing was charged. */
  contract_quote_changed: { code: 33014, status: 409 },
  // OAuth provider: 36500-36999.
  /** The authorization (interaction) is unknown, finished or expired: start again from the application. */
  oauth_interaction_not_found: { code: 36500, status: 404 },
  /** The consent screen needs at least one sub-account (docs/rules.md, Screens). */
  oauth_account_required: { code: 36501, status: 400 },
  /** A sub-account chosen on the consent screen is not the caller's. */
  oauth_account_invalid: { code: 36502, status: 400 },
  /** A scope the application did not ask for, or is not registered for. */
  oauth_scope_invalid: { code: 36503, status: 400 },
  /** A redirect URI that is not an absolute https URL (http only for localhost), or with a fragment. */
  oauth_redirect_uri_invalid: { code: 36504, status: 400 },
  /** The route reads with an OAuth access token only. */
  oauth_token_required: { code: 36505, status: 403 },
  // Passkeys (37000-37399)
  /** The assertion did not verify (signature, origin, RP ID, user verification, counter regression). */
  passkey_login_failed: { code: 37002, status: 400 },
  /** No usable passkey for this credential (unknown, deleted, or not this user's): sign in with the password. */
  passkey_unavailable: { code: 37003, status: 400 },
  passkey_already_bound: { code: 37004, status: 409 },
  passkey_registration_failed: { code: 37005, status: 400 },
  /** The challenge is unknown, used or older than PASSKEY_CHALLENGE_TTL_SECONDS ("Verification Failed"). */
  passkey_challenge_expired: { code: 37006, status: 400 },
  passkey_not_found: { code: 37007, status: 404 },
  passkey_limit: { code: 37008, status: 400 },
  // Observer links (36000-36499)
  ...OBSERVER_TOKEN_ERRORS,
  /** An observer link only reads: every change is refused. */
  observer_read_only: { code: 36004, status: 403 },
  observer_link_not_found: { code: 36005, status: 404 },
  /** Too many live links on the sub-account ({max}). */
  observer_link_limit: { code: 36006, status: 400 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ErrorKey = keyof typeof ERRORS;

export function errorKeyOf(code: number): ErrorKey | undefined {
  return (Object.keys(ERRORS) as ErrorKey[]).find((k) => ERRORS[k].code === code);
}
