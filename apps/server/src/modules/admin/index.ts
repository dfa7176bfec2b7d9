// The admin module's door: code outside the module imports only this file (eslint.config.js).
export { adminRoutes } from './routes.ts';
