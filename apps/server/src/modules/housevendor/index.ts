// The housevendor module's door: code outside the module imports only this file (eslint.config.js).
export { houseVendorRoutes } from './routes.ts';
export { jobs, setWalletTransport, type WalletTransport } from './service.ts';
export { fastSource } from './int-source.ts';
export { roundUnits } from './slot/engine.ts';
export { LINES, STATED_RTP_PERCENT } from './slot/paytable.ts';
export { exactRtp } from './slot/rtp.ts';
