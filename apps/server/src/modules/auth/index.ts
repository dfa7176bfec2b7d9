// The auth module's door: code outside the module imports only this file (eslint.config.js).
export { authRoutes } from './routes.ts';
export {
  authenticate,
  checkIp,
  countLiveSessions,
  getAdminInfo,
  insertAdmin,
  isOnline,
  listIpRules,
  login,
  logout,
  removeIpRule,
  sessionExpiry,
  setSessionLanguage,
  subjectSessions,
  subtreeSessions,
} from './service.ts';
