// The roles module's door: code outside the module imports only this file (eslint.config.js).
export { roleRoutes } from './routes.ts';
export { authorizeAdminCall, setAdminRoleByCode } from './service.ts';
export { areaOf } from './areas.ts';
