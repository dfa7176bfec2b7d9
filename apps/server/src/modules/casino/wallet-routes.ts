import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { vendorByCode } from './vendors/index.ts';
import { WALLET_METHODS, type WalletMethod } from './wallet/answer.ts';
import { walletCall } from './wallet/call.ts';

const isMethod = (m: string): m is WalletMethod => (WALLET_METHODS as readonly string[]).includes(m);

/**
 * The vendors' side of the seamless wallet: `POST /api/wallet/<vendor>/<method>`. Not contract
 * calls of the member API: vendors sign the raw body, so this scope keeps the bytes as they came
 * (any content type) and answers the protocol's own shape, always HTTP 200 with a status.
 * The platform's address check still applies (a blocked address is refused); sessions and the
 * inspection switch do not (decision 021).
 */
export function walletRoutes(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { vendor: string; method: string } }>('/api/wallet/:vendor/:method', async (req, reply) => {
      const { vendor, method } = req.params;
      if (!vendorByCode(vendor) || !isMethod(method))
        return reply.status(404).send({ result: false, data: {}, error: { code: 'not_found', message: 'Unknown vendor or wallet method.' } });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        return reply.send(await walletCall(deps, vendor, method, req.headers, raw));
      } catch (err) {
        // A fault of ours (database down …): the transaction rolled back, nothing moved. The
        // protocol answers it as RS_ERROR_UNKNOWN (the vendor retries wins and rollbacks).
        req.log.error({ err, vendor, method }, 'wallet call failed');
        return reply.send({ status: 'RS_ERROR_UNKNOWN', request_uuid: '', user: '', currency: '', balance: '0' });
      }
    });
  });
}
