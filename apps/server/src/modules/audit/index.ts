// The audit module's door: code outside the module imports only this file (eslint.config.js).
export { auditRoutes } from './routes.ts';
export { countAuditActionsByDay, listAuditActions, listAuditOfTarget, verifyAudit, writeAudit } from './service.ts';
export type { Actor } from './service.ts';
