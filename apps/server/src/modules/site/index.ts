// The site module's door: code outside the module imports only this file (eslint.config.js).
export { siteRoutes } from './routes.ts';
export { assertCasinoDomain } from './domains.ts';
