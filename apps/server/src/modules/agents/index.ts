// The agents module's door: code outside the module imports only this file (eslint.config.js).
export { agentRoutes } from './routes.ts';
export { agentLoginInfo } from './service.ts';
export { memberBank, memberBets, memberDetail, memberLedger, memberSessions } from './detail.ts';
export type { DetailScope } from './detail.ts';
export { allLower, assertInSubtree, directLower, isInSubtree, lowerIdsOf, pathNodes, pathsToRoot, pathToRoot } from './tree.ts';
export type { AncestorRow, TreeFilter, TreePage, TreeUserRow } from './tree.ts';
