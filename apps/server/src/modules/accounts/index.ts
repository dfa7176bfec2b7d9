// The accounts module's door: code outside the module imports only this file (eslint.config.js).
export { accountRoutes } from './routes.ts';
export { createAccount, setLowerState, updateRates } from './service.ts';
export { bulkLowerStates } from './bulk.ts';
export { IMPORT_BODY_LIMIT, IMPORT_CALLS } from './import-routes.ts';
