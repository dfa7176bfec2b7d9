/**
 * Plain constants with no zod import, so the web's first chunk can use them without
 * pulling every schema in (`@wager/contracts/constants`).
 */
export const LANGUAGES = ['ko', 'ja', 'vi', 'th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const AUDIENCES = ['user', 'agent', 'admin'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Member and agent statuses (spec §3). */
export const MEMBER_STATUSES = ['normal_a', 'normal_b', 'withdrawn', 'test', 'pending', 'suspended', 'blocked', 'deleted'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Six agent tiers, top first; `propirty` (spelt as in the spec) is the tier order, members are 6. */
export const ROLES = [
  { name: 'top_hq', propirty: 0 },
  { name: 'main_hq', propirty: 1 },
  { name: 'sub_hq', propirty: 2 },
  { name: 'branch', propirty: 3 },
  { name: 'distributor', propirty: 4 },
  { name: 'shop', propirty: 5 },
  { name: 'user', propirty: 6 },
] as const;
export type RoleName = (typeof ROLES)[number]['name'];

/**
 * Operating currencies a site may run in (settings.currency, KRW by default). Amounts are
 * integers of whole units, so only currencies without minor units (decision 013).
 */
export const OPERATING_CURRENCIES = ['KRW', 'JPY', 'VND'] as const;
export type OperatingCurrency = (typeof OPERATING_CURRENCIES)[number];

/** Activities an admin can switch off for one member (spec §5). */
export const RESTRICTIONS = [
  'board_write',
  'comment',
  'inquiry',
  'exchange',
  'exchange_inspection',
  'sports_single',
  'sports_two_folder',
  'sports_over_under',
  'sports_handicap',
  'first_charge_points',
  'every_charge_points',
  'lower_creation',
  'bet_cancel',
] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

/** Error codes the server answers; each doubles as an i18n key on the web (errors.<code>). */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  /** A string with NUL or an unpaired surrogate (PostgreSQL cannot store it). */
  invalidText: 'invalid_text',
  /** Not a whole amount of at most 15 digits with well-placed thousands separators. */
  invalidAmount: 'invalid_amount',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  sessionExpired: 'session_expired',
  forbidden: 'forbidden',
  loginFailed: 'login_failed',
  accountPending: 'account_pending',
  accountSuspended: 'account_suspended',
  accountBlocked: 'account_blocked',
  accountWithdrawn: 'account_withdrawn',
  selfExcluded: 'self_excluded',
  /** The player's own session-time limit ended the session (decision 057). */
  sessionLimitReached: 'session_limit_reached',
  ipBlocked: 'ip_blocked',
  ipNotAllowed: 'ip_not_allowed',
  rateLimited: 'rate_limited',
  /** A shared service (Redis) did not answer; nothing was changed and the call may be retried. */
  temporarilyUnavailable: 'temporarily_unavailable',
  inspection: 'inspection',
  conflict: 'conflict',
  insufficientFunds: 'insufficient_funds',
  joinFailed: 'join_failed',
  joinClosed: 'join_closed',
  joinCodeInvalid: 'join_code_invalid',
  accountTaken: 'account_taken',
  nicknameTaken: 'nickname_taken',
  underage: 'underage',
  smsInvalid: 'sms_invalid',
  smsExpired: 'sms_expired',
  smsMismatch: 'sms_mismatch',
  smsNotVerified: 'sms_not_verified',
  duplicateLogin: 'duplicate_login',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal',
  // money (spec §5, §8)
  chargeMin: 'charge_min',
  chargeMax: 'charge_max',
  chargeUnit: 'charge_unit',
  chargeTooSoon: 'charge_too_soon',
  depositorMismatch: 'depositor_mismatch',
  depositLimitDaily: 'deposit_limit_daily',
  depositLimitMonthly: 'deposit_limit_monthly',
  exchangeMin: 'exchange_min',
  exchangeMax: 'exchange_max',
  exchangeUnit: 'exchange_unit',
  exchangeBlackout: 'exchange_blackout',
  exchangeTooSoon: 'exchange_too_soon',
  exchangeDailyLimit: 'exchange_daily_limit',
  exchangePasswordRequired: 'exchange_password_required',
  exchangePasswordMismatch: 'exchange_password_mismatch',
  exchangePasswordLocked: 'exchange_password_locked',
  passwordMismatch: 'password_mismatch',
  pointMin: 'point_min',
  pointUnit: 'point_unit',
  conversionEmpty: 'conversion_empty',
  casinoSeamless: 'casino_seamless',
  eggLevel: 'egg_level',
  requestState: 'request_state',
  lossLimitDaily: 'loss_limit_daily',
  emptyBet: 'empty_bet',
  activityRestricted: 'activity_restricted',
  betSettled: 'bet_settled',
  betNotFound: 'bet_not_found',
  betAmountRequired: 'bet_amount_required',
  gameUnknown: 'game_unknown',
  recallInsufficient: 'recall_insufficient',
  // sports (issue 9)
  // sports settlement and results (ssettle, decision 018)
  sportsFixtureNotFound: 'sports_fixture_not_found',
  sportsFixtureCancelled: 'sports_fixture_cancelled',
  sportsResultExists: 'sports_result_exists',
  sportsResultMissing: 'sports_result_missing',
  sportsResultInvalid: 'sports_result_invalid',
  sportsRecallShortfall: 'sports_recall_shortfall',
  sportsTeamNotFound: 'sports_team_not_found',
  // sports bet slip (sslip, decision 017)
  sportsBettingOff: 'sports_betting_off',
  sportsLevelNotAllowed: 'sports_level_not_allowed',
  sportsBettingClosed: 'sports_betting_closed',
  sportsNotOnSale: 'sports_not_on_sale',
  sportsLeagueStopped: 'sports_league_stopped',
  sportsMarketClosed: 'sports_market_closed',
  sportsOutcomeInactive: 'sports_outcome_inactive',
  sportsOutcomeUnknown: 'sports_outcome_unknown',
  sportsBetStop: 'sports_bet_stop',
  sportsBoardMismatch: 'sports_board_mismatch',
  sportsSelectionRepeated: 'sports_selection_repeated',
  sportsBetMin: 'sports_bet_min',
  sportsBetMax: 'sports_bet_max',
  sportsWinMax: 'sports_win_max',
  sportsSingleMax: 'sports_single_max',
  sportsOddsTooHigh: 'sports_odds_too_high',
  sportsFoldersMax: 'sports_folders_max',
  sportsComboThreshold: 'sports_combo_threshold',
  sportsSingleBanned: 'sports_single_banned',
  sportsTwoFolderBanned: 'sports_two_folder_banned',
  sportsMultiFolderBanned: 'sports_multi_folder_banned',
  sportsHedgeBanned: 'sports_hedge_banned',
  sportsSameGameBanned: 'sports_same_game_banned',
  sportsRelatedBanned: 'sports_related_banned',
  sportsSpecialComboBanned: 'sports_special_combo_banned',
  sportsDuplicateBet: 'sports_duplicate_bet',
  sportsRoundBetMax: 'sports_round_bet_max',
  sportsRoundWinMax: 'sports_round_win_max',
  oddsChanged: 'odds_changed',
  sportsInplayChanged: 'sports_inplay_changed',
  sportsCancelOff: 'sports_cancel_off',
  sportsCancelClosed: 'sports_cancel_closed',
  sportsCancelExpired: 'sports_cancel_expired',
  sportsCancelDailyLimit: 'sports_cancel_daily_limit',
  sportsCancelStarted: 'sports_cancel_started',
  sportsBetNotOpen: 'sports_bet_not_open',
  // minigames (issue 10)
  minigameBettingOff: 'minigame_betting_off',
  minigameLevelNotAllowed: 'minigame_level_not_allowed',
  minigameRoundClosed: 'minigame_round_closed',
  minigameRoundNotOpen: 'minigame_round_not_open',
  minigameRoundNotFound: 'minigame_round_not_found',
  minigamePickUnknown: 'minigame_pick_unknown',
  minigameBetMin: 'minigame_bet_min',
  minigameBetMax: 'minigame_bet_max',
  minigameSingleMax: 'minigame_single_max',
  minigameWinMax: 'minigame_win_max',
  minigameRoundBetMax: 'minigame_round_bet_max',
  minigameRoundWinMax: 'minigame_round_win_max',
  minigameDuplicateBet: 'minigame_duplicate_bet',
  minigameCancelOff: 'minigame_cancel_off',
  minigameCancelClosed: 'minigame_cancel_closed',
  minigameCancelExpired: 'minigame_cancel_expired',
  minigameCancelDailyLimit: 'minigame_cancel_daily_limit',
  minigameBetNotOpen: 'minigame_bet_not_open',
  // casino (issue 10)
  casinoGameUnknown: 'casino_game_unknown',
  casinoVendorUnknown: 'casino_vendor_unknown',
  casinoVendorOff: 'casino_vendor_off',
  casinoSkinRange: 'casino_skin_range',
  casinoSessionUnknown: 'casino_session_unknown',
  // house vendor (chouse)
  houseSessionInvalid: 'house_session_invalid',
  houseNotEnoughMoney: 'house_not_enough_money',
  houseLimitReached: 'house_limit_reached',
  houseWalletUnavailable: 'house_wallet_unavailable',
  houseBetRefused: 'house_bet_refused',
  houseBetInvalid: 'house_bet_invalid',
  houseRoundNotFound: 'house_round_not_found',
  houseRequestConflict: 'house_request_conflict',
  messageUnreadDelete: 'message_unread_delete',
  messageNotFound: 'message_not_found',
  messageRequired: 'message_required',
  messageNoRecipients: 'message_no_recipients',
  inquiryRequired: 'inquiry_required',
  inquiryNotFound: 'inquiry_not_found',
  answerRequired: 'answer_required',
  postNotFound: 'post_not_found',
  postRequired: 'post_required',
  commentRequired: 'comment_required',
  /** Rich text over 100,000 characters or 10,000 tags, or nested over 100 elements deep (refused, never parsed at length). */
  richTextTooLarge: 'rich_text_too_large',
  uploadBadSignature: 'upload_bad_signature',
  uploadExpired: 'upload_expired',
  uploadTooLarge: 'upload_too_large',
  uploadBadType: 'upload_bad_type',
  uploadEmpty: 'upload_empty',
  uploadUsed: 'upload_used',
  uploadQuotaExceeded: 'upload_quota_exceeded',
  noticeRequired: 'notice_required',
  eventRequired: 'event_required',
  ruleRequired: 'rule_required',
  templateRequired: 'template_required',
  memberInactive: 'member_inactive',
  // a body that fails its schema: error.field, error.rule and error.params say which rule
  validation: 'validation',
  passwordChangeDisabled: 'password_change_disabled',
  passwordCurrentWrong: 'password_current_wrong',
  // issue #7: every error a person can see has its own code (params carry its numbers and names)
  memberNotFound: 'member_not_found',
  agentNotFound: 'agent_not_found',
  adminNotFound: 'admin_not_found',
  sessionNotFound: 'session_not_found',
  requestNotFound: 'request_not_found',
  templateNotFound: 'template_not_found',
  uploadNotFound: 'upload_not_found',
  imageNotFound: 'image_not_found',
  loginLockedAddress: 'login_locked_address',
  loginLockedAccount: 'login_locked_account',
  passwordAttemptsLocked: 'password_attempts_locked',
  smsTooSoon: 'sms_too_soon',
  smsAttemptsExceeded: 'sms_attempts_exceeded',
  bankUnknown: 'bank_unknown',
  idempotencyConflict: 'idempotency_conflict',
  /** A search range whose end (endedAt) is before its start (startedAt). */
  dateRangeInvalid: 'date_range_invalid',
  casinoOff: 'casino_off',
  sportsOff: 'sports_off',
  minigameOff: 'minigame_off',
  uploadRateLimited: 'upload_rate_limited',
  postingTooFast: 'posting_too_fast',
  amountZero: 'amount_zero',
  amountNotPositive: 'amount_not_positive',
  settingsEmpty: 'settings_empty',
  settingUnknown: 'setting_unknown',
  ipRuleInvalid: 'ip_rule_invalid',
  ipRuleNotFound: 'ip_rule_not_found',
  // issue 21: two-factor login and re-authentication (decision 050)
  otpRequired: 'otp_required',
  otpInvalid: 'otp_invalid',
  otpReplayed: 'otp_replayed',
  twoFactorEnrolmentRequired: 'two_factor_enrolment_required',
  twoFactorAlreadyEnabled: 'two_factor_already_enabled',
  twoFactorNotStarted: 'two_factor_not_started',
  twoFactorNotAllowed: 'two_factor_not_allowed',
  twoFactorNotEnabled: 'two_factor_not_enabled',
  twoFactorResetSelf: 'two_factor_reset_self',
  reauthRequired: 'reauth_required',
} as const;

// Value lists the web uses outside its validating screens: here, so importing them does not
// load zod and the call schemas (the member home page budget).
export const POST_TYPES = ['notice', 'event', 'rule', 'free'] as const;
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const GAME_TYPES = ['sports', 'minigame', 'casino', 'slot'] as const;
/** `cashout`: the player cashed the bet out in full before its result (decision 048). */
export const BET_STATUSES = ['open', 'won', 'lost', 'draw', 'cancelled', 'void', 'cashout'] as const;
/**
 * A settled bet's result as the player reads it (decision 045): `refund` is the stake returned whole
 * (a tie, a push, a drawn market), `partial` a payout below the stake (a half-lost line); a slot
 * spin that paid anything is `won`; a cashed-out bet is `cashout`.
 */
export const BET_RESULTS = ['open', 'won', 'lost', 'partial', 'refund', 'void', 'cancelled', 'cashout'] as const;
export const MINIGAME_KEYS = [
  'ntry_eos1',
  'ntry_eos2',
  'ntry_eos3',
  'ntry_eos4',
  'ntry_eos5',
  'ntry_powerball',
  'ntry_powerladder',
  'ntry_kenoladder',
  'ntry_speedkeno',
  'bepick_eos1',
  'bepick_eos2',
  'bepick_eos3',
  'bepick_eos4',
  'bepick_eos5',
  'bepick_happy545',
  'bepick_marukhan',
  'roulette',
  'cockfight',
  'virtual_soccer',
] as const;
export const SPORTS = [
  'soccer',
  'basketball',
  'baseball',
  'volleyball',
  'table_tennis',
  'hockey',
  'tennis',
  'american_football',
  'esports',
  'ufc',
  'futsal',
  'handball',
] as const;
