// The protection module's door: code outside the module imports only this file (eslint.config.js).
export { protectionRoutes } from './routes.ts';
