// The members module's door: code outside the module imports only this file (eslint.config.js).
export { insertUsers, type NewUserRow } from './repo-import.ts';
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
export { blacklistError } from './site.ts';
export { identityStatus, memberIdentity, setMemberIdentity } from './identity.ts';
