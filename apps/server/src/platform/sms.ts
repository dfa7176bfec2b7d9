import type { FastifyBaseLogger } from 'fastify';

/** Sends the verification text. Production plugs a real gateway in here. */
export type SmsProvider = { send(phone: string, text: string): Promise<void> };

/** Development provider: logs the text and keeps the last one per number for tests. */
export function devSmsProvider(log?: Pick<FastifyBaseLogger, 'info'>) {
  const last = new Map<string, string>();
  return {
    async send(phone: string, text: string) {
      last.set(phone, text);
      log?.info({ phone, text }, 'dev SMS (not sent)');
    },
    lastText: (phone: string) => last.get(phone),
    lastCode: (phone: string) => last.get(phone)?.match(/\d{6}/)?.[0],
  };
}
