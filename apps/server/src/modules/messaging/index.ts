// The messaging module's door: code outside the module imports only this file (eslint.config.js).
export { messagingRoutes } from './routes.ts';
export { listInquiries, listMessages, sendSystemNote, unreadCounts } from './service.ts';
