// The responsible module's door: code outside the module imports only this file (eslint.config.js).
export { responsibleRoutes } from './routes.ts';
export { checkDeposit, exclusionError, lockMemberAndCheckLoss, memberLockGuard, membersLockGuard } from './service.ts';
