/** The three audiences of the web app; each has its own token and its own route tree. */
export type WebAudience = 'player' | 'agent' | 'admin';

/** Which tree a browser path belongs to: /pa and /pa-… are the partner site, /admin… the back office. */
export function audienceOfPage(pathname: string): WebAudience {
  if (pathname === '/pa' || pathname.startsWith('/pa-') || pathname.startsWith('/pa/')) return 'agent';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  return 'player';
}

/**
 * Which token a call carries (spec §7). Calls on shared paths (setLanguage, upload, and the agent
 * calls the spec writes as /api + path: /api/inquiry/create, /api/board/getNotices) follow the page
 * the user is on, as the server's audienceOf does.
 */
export function audienceOfCall(path: string, pathname: string): WebAudience {
  if (path.startsWith('/api/admin')) return 'admin';
  if (path.startsWith('/api/agent')) return 'agent';
  if (path.startsWith('/api/user')) return 'player';
  return audienceOfPage(pathname);
}
