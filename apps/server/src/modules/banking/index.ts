// The banking module's door: code outside the module imports only this file (eslint.config.js).
export { bankingRoutes } from './routes.ts';
export { lastPaidCharge, memberBankLogs } from './member-history.ts';
export { approvedChargeTotal, toBankRequest } from './service.ts';
export { lowerBankRequests } from './agent-desk.ts';
