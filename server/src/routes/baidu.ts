import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { ok, AppError } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { adConversionBody } from '../../../src/schemas/api/login-reports.js';

/**
 * /api/baidu/uploadConvertData {type, url}: an ad conversion (type 49 = registration/login) for a
 * visit that arrived with bd_vid. Stored in ad_conversions, the queue a forwarder sends to Baidu's
 * OCPC conversion API (that forwarder needs the advertiser token and runs outside this server).
 */
export default async function baidu(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.post(
    '/uploadConvertData',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { summary: '上报广告转化', body: adConversionBody, response: envelopeOf(noData) },
    },
    async (req) => {
      // The schema checked the type and the address's length; what is left is the address itself.
      const { type, url } = req.body;
      let bdVid: string | null;
      try {
        const u = new URL(url);
        if (!/^https?:$/.test(u.protocol)) throw new Error('bad url');
        bdVid = u.searchParams.get('bd_vid');
      } catch {
        throw new AppError(400, '页面地址不正确');
      }
      if (!bdVid) throw new AppError(400, '页面地址缺少 bd_vid');
      const user = await req.currentUser();
      await app.db.query('INSERT INTO ad_conversions(user_id, type, url, bd_vid) VALUES ($1, $2, $3, $4)', [
        user?.id ?? null,
        type,
        url,
        bdVid.slice(0, 200),
      ]);
      return ok(null);
    },
  );
}
