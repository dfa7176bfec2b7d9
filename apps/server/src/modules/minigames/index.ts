// The minigames module's door: code outside the module imports only this file (eslint.config.js).
export { minigameRoutes } from './routes.ts';
export { roundOfDay } from './reads.ts';
export { betListEntropy, chainedEntropy, checkVerification, GAMES, jobs, runScheduler, verification } from './service.ts';
