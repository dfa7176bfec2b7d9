// The board module's door: code outside the module imports only this file (eslint.config.js).
export { boardRoutes } from './routes.ts';
export { contextContent, countPosts, insertBank, insertBanner, insertPopup, insertPost } from './service.ts';
