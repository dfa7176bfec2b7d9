import { useEffect } from 'react';

const DEFAULT_VIEWPORT = 'width=device-width, initial-scale=1';
const AGENT_VIEWPORT = 'width=1024, initial-scale=0.25';

/** Spec §2: on every /pa path except /pa-login the page is laid out 1024 px wide at scale 0.25. */
export function useAgentViewport(pathname: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
    if (!meta) return;
    meta.content = pathname === '/pa-login' ? DEFAULT_VIEWPORT : AGENT_VIEWPORT;
    return () => {
      meta.content = DEFAULT_VIEWPORT;
    };
  }, [pathname]);
}
