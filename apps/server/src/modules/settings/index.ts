// The settings module's door: code outside the module imports only this file (eslint.config.js).
export { settingsRoutes } from './routes.ts';
export { getGameSettings, getSettings, levelSettings, readSettings, settingsSchema, updateGameSettings } from './service.ts';
export type { Settings } from './service.ts';
