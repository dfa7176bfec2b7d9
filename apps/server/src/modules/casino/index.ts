// The casino module's door: code outside the module imports only this file (eslint.config.js).
export { casinoRoutes } from './routes.ts';
export { jobs } from './service.ts';
export { signWalletCall } from './signature.ts';
export { casinoGameName } from './vendors/index.ts';
