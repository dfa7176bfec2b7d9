/** The money screens, loaded together as one chunk the first time a player opens one. */
export { DepositPage } from './deposit-page.tsx';
export { WithdrawPage } from './withdraw-page.tsx';
export { PointPage } from './point-page.tsx';
export { CasinoBalancePage } from './casino-balance-page.tsx';
export { LimitsPage } from './limits-page.tsx';
export { StatementPage } from './statement-page.tsx';
