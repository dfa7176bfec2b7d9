import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OffsetClock } from './clock.ts';
import type { devSmsProvider } from './sms.ts';
import { zodToBadRequest } from './http.ts';

/**
 * Endpoints for browser tests only, registered when ENABLE_TEST_CONTROLS=1 (never in
 * production): move the server clock, read the last development SMS.
 */
export function testControlRoutes(app: FastifyInstance, clock: OffsetClock, sms: ReturnType<typeof devSmsProvider>) {
  const clockBody = z.object({ at: z.string().datetime({ offset: true }).optional(), reset: z.boolean().optional() });
  app.post('/api/test/clock', async (req) => {
    const b = clockBody.safeParse(req.body);
    if (!b.success) throw zodToBadRequest(b.error);
    if (b.data.reset) clock.reset();
    else if (b.data.at) clock.set(b.data.at);
    return { result: true, data: { now: clock.now().toISOString() } };
  });
  app.post('/api/test/lastSms', async (req) => {
    const b = z.object({ phone_number: z.string().max(20) }).safeParse(req.body);
    if (!b.success) throw zodToBadRequest(b.error);
    return { result: true, data: { code: sms.lastCode(b.data.phone_number.replace(/-/g, '')) ?? null } };
  });
}
