import type { FastifyInstance } from 'fastify';
import { ok, AppError } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';

/**
 * /api/baidu/uploadConvertData {type, url}: an ad conversion (type 49 = registration/login) for a
 * visit that arrived with bd_vid. Stored in ad_conversions, the queue a forwarder sends to Baidu's
 * OCPC conversion API (that forwarder needs the advertiser token and runs outside this server).
 */
export default async function baidu(app: FastifyInstance) {
  app.post(
    '/uploadConvertData',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { summary: '上报广告转化', response: envelopeOf(noData) },
    },
    async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const type = Number(body.type);
      const url = typeof body.url === 'string' ? body.url : '';
      if (!Number.isInteger(type) || type < 1 || type > 1000) throw new AppError(400, '转化类型不正确');
      let bdVid: string | null;
      try {
        const u = new URL(url);
        if (!/^https?:$/.test(u.protocol) || url.length > 2000) throw new Error('bad url');
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
