// The members module's door: code outside the module imports only this file (eslint.config.js).
export { memberRoutes } from './routes.ts';
export {
  ACTIVE_STATUSES,
  assertAllowed,
  authState,
  createUser,
  findByAccount,
  getUser,
  insertUserRow,
  isRestricted,
  lockedMembers,
  lockMember,
  memberCounts,
  memberLoginInfo,
  recordActivity,
  recordLogin,
  setPasswordHash,
  setUserLanguage,
  statusError,
  withMemberLock,
  ZERO_ROLLING,
} from './service.ts';
