// The agents module's door: code outside the module imports only this file (eslint.config.js).
export { agentRoutes } from './routes.ts';
export { agentLoginInfo } from './service.ts';
export { allLower, assertInSubtree, directLower, isInSubtree, lowerIdsOf, pathsToRoot, pathToRoot } from './tree.ts';
export type { AncestorRow, TreeFilter, TreePage, TreeUserRow } from './tree.ts';
