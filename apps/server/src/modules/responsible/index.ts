// The responsible module's door: code outside the module imports only this file (eslint.config.js).
export { responsibleRoutes } from './routes.ts';
export {
  auditLimitHit,
  checkDeposit,
  excludedMembers,
  exclusionError,
  getLimits,
  limitsInForce,
  notExcludedSql,
  lockMemberAndCheckBet,
  memberLockGuard,
  membersLockGuard,
  sessionLimitEnd,
  setLimits,
  type LimitPatch,
} from './service.ts';
