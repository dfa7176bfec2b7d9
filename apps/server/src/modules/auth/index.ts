// The auth module's door: code outside the module imports only this file (eslint.config.js).
export { authRoutes } from './routes.ts';
export {
  authenticate,
  checkIp,
  countOnlineSessions,
  getAdminInfo,
  insertAdmin,
  isOnline,
  listIpRules,
  login,
  logout,
  ONLINE_WINDOW_MS,
  recoverAdminAccess,
  removeIpRule,
  sessionExpiry,
  setSessionLanguage,
  subjectSessions,
  subtreeSessions,
} from './service.ts';
export { domainSessions } from './repo-domains.ts';
export { isSessionLive, sessionStartedAt } from './session-state.ts';
export { adminsWithTwoFactor, enrolWithSecret } from './two-factor.ts';
export { requireReauth } from './reauth.ts';
