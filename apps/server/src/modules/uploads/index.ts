// The uploads module's door: code outside the module imports only this file (eslint.config.js).
export { uploadRoutes } from './routes.ts';
export { createSignedUrl } from './service.ts';
export { jobs, sweepUploads } from './sweep.ts';
