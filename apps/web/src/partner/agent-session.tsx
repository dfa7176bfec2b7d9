import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ERROR_CODES, type AgentLoginInfo, type SystemContext } from '@wager/contracts';
import { ApiFailure } from '../api/client.ts';
import { clearToken } from '../api/tokens.ts';
import { useToken } from '../api/use-token.ts';
import { i18next } from '../i18n/index.ts';
import { showAlert } from '../ui/dialog.tsx';
import { useInterval } from '../ui/hooks.ts';
import { pingAgentSession, reportAgentBrowse, useAgentContextQuery, useAgentInfo } from './queries.ts';

const POLL_MS = 5000;
const SESSION_UPDATE_MS = 180_000;

type AgentSession = { agent: AgentLoginInfo | undefined; context: SystemContext | undefined };
const AgentContext = createContext<AgentSession>({ agent: undefined, context: undefined });

/** The site context (agent_inspection and flags): on every navigation and every 5 s. */
export function useAgentSiteContext(): SystemContext | undefined {
  const { pathname } = useLocation();
  const query = useAgentContextQuery(pathname, POLL_MS);
  return query.data?.context;
}

function partnerDenial(agent: AgentLoginInfo): 'blocked' | 'closed' | null {
  if (agent.settings_json.visibled_partner === 0) return 'blocked';
  if (agent.role_setting.isOpenPartnerPage === false || agent.settings_json.visibled_partner === -2) return 'closed';
  return null;
}

/**
 * Spec §4: the agent's info is polled every 5 s and any error means the session is over:
 * tokens cleared, back to /pa-login. (An expired session goes through the confirm first.)
 */
export function AgentSessionProvider({ context, children }: { context: SystemContext | undefined; children: ReactNode }) {
  const token = useToken('agent');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const info = useAgentInfo(Boolean(token), POLL_MS);

  useEffect(() => {
    const error = info.error;
    if (!error) return;
    if (error instanceof ApiFailure && error.code === ERROR_CODES.sessionExpired) return;
    // Signed in with the password alone while the setting obliges agents to enrol (decision 050).
    if (error instanceof ApiFailure && error.code === ERROR_CODES.twoFactorEnrolmentRequired) {
      void navigate('/pa-two-factor', { replace: true });
      return;
    }
    clearToken('agent');
    void navigate('/pa-login', { replace: true });
  }, [info.error, navigate]);

  // Spec §6: the partner shell needs isOpenPartnerPage not false and visibled_partner not -2;
  // visibled_partner 0 is a blocked partner, sent to the member site.
  const agent = info.data;
  const denial = agent ? partnerDenial(agent) : null;
  useEffect(() => {
    if (!denial) return;
    void (async () => {
      await showAlert(denial === 'blocked' ? i18next.t('partner.accessBlocked') : i18next.t('errors.forbidden'));
      clearToken('agent');
      if (denial === 'blocked') window.location.assign('/');
      else await navigate('/pa-login', { replace: true });
    })();
  }, [denial, navigate]);

  useEffect(() => {
    if (token) void reportAgentBrowse(pathname);
  }, [pathname, token]);

  useInterval(() => void pingAgentSession(window.location.pathname), token ? SESSION_UPDATE_MS : null);

  return <AgentContext.Provider value={{ agent: denial ? undefined : agent, context }}>{children}</AgentContext.Provider>;
}

export function useAgent(): AgentSession {
  return useContext(AgentContext);
}
