// The context module's door: code outside the module imports only this file (eslint.config.js).
export { contextRoutes } from './routes.ts';
