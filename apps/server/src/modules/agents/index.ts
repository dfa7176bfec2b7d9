// The agents module's door: code outside the module imports only this file (eslint.config.js).
export { agentRoutes } from './routes.ts';
export { agentLoginInfo } from './service.ts';
