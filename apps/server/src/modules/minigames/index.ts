// The minigames module's door: code outside the module imports only this file (eslint.config.js).
export { minigameRoutes } from './routes.ts';
export { betListEntropy, checkVerification, GAMES, jobs, runScheduler, verification } from './service.ts';
