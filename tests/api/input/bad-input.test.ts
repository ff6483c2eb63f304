import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { credit } from '../../../server/src/repositories/wallet.js';

/**
 * Bad input of every class that used to answer 500 `服务器开小差了` now answers 400 with a Chinese
 * message naming the field (its schema title). One case per row; the class is the describe.
 */
describe('bad input gets a 4xx with a Chinese message, never a 500', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db, { roles: ['buyer', 'creator'] });
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: alice.auth });
  const post = (url: string, payload: string | object, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...alice.auth, 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const refused = (r: { statusCode: number; json: () => any; body: string }, msg: string, status = 400) => {
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json()).toMatchObject({ code: status, success: false, msg });
  };

  describe('filter values of the wrong type', () => {
    it.each([
      ['/api/order/list?createdAt_gte=abc', '下单时间格式不正确'],
      ['/api/order/list?amountCents_lte=abc', '实付金额格式不正确'],
      ['/api/order/list?id_gte=abc', '订单编号格式不正确'],
      ['/api/protection/deposit/list?status_gte=x', '状态格式不正确'],
      ['/api/protection/deposit/list?id_lte=1e400', '编号格式不正确'],
      ['/api/order/list?createdAt_lte=0000-01-01T00:00:00Z', '下单时间格式不正确'],
      ['/api/order/list?createdAt_gte=2024-13-45T00:00:00Z', '下单时间格式不正确'],
      ['/api/protection/deposit/list?status_lte=40000', '状态不能大于32767'],
      ['/api/user/invoice/list?amount_cents_gte=99999999999999999999', '开票金额不能大于9007199254740991'],
    ])('%s', async (url, msg) => refused(await get(url), msg));

    it('still filters by typed values', async () => {
      await credit(t.db, alice.id, 500, 'seed', '测试入账');
      const day = 86_400_000;
      const since = new Date(Date.now() - day).toISOString();
      const list = (url: string) => get(url).then((r) => r.json().data);
      expect((await list(`/api/wallet/list?createdAt_gte=${since}&amountCents_lte=500`)).total).toBe(1);
      expect((await list(`/api/wallet/list?createdAt_gte=${new Date(Date.now() + day).toISOString()}`)).total).toBe(0);
      expect((await list('/api/wallet/list?amountCents_gte=501')).total).toBe(0);
    });
  });

  describe('huge page numbers', () => {
    it.each([
      '/api/order/list',
      '/api/protection/deposit/list',
      '/api/collect/list',
      '/api/wallet/list',
      '/api/discount/list',
    ])('%s', async (list) => {
      refused(await get(`${list}?page=100000000000000000000`), '页码不能大于10000');
    });
  });

  describe('huge ids', () => {
    it.each([
      ['/api/order/99999999999999999999', '编号不能大于9007199254740991'],
      ['/api/collect/99999999999999999999', '编号不能大于9007199254740991'],
      ['/api/protection/deposit/99999999999999999999', '编号不能大于9007199254740991'],
      ['/api/order/1e400', '编号格式不正确'],
      ['/api/order/Infinity', '编号格式不正确'],
      ['/api/index/category/2147483648', '分类不能大于2147483647'],
    ])('%s', async (url, msg) => refused(await get(url), msg));

    it('in bodies too: JSON and form-encoded', async () => {
      refused(
        await post('/api/trade/pay/wallet', 'orderId=1e400', 'application/x-www-form-urlencoded'),
        '订单编号格式不正确',
      );
      refused(
        await post('/api/trade/pay/wallet', '{"orderId":99999999999999999999}'),
        '订单编号不能大于9007199254740991',
      );
      refused(await post('/api/trade/order', { from: 'cart', cartIds: [1e20] }), '购物车条目不能大于9007199254740991');
    });
  });

  describe('deeply nested JSON', () => {
    const deep = (n: number) => `{"title":${'['.repeat(n)}${']'.repeat(n)}}`;

    it.each(['/api/user/invoice', '/api/trade/pay/notify/wechat'])(
      '%s refuses depth 100,000 (object and bare array)',
      async (url) => {
        refused(await post(url, deep(100_000)), '提交的内容嵌套层级过深');
        refused(await post(url, `${'['.repeat(100_000)}${']'.repeat(100_000)}`), '提交的内容嵌套层级过深');
      },
    );

    it('refuses it inside a multipart form field too', async () => {
      const body = formWithFiles({ workName: '深', workCategory: 1, extra: JSON.parse(deep(40)) }, []);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/protection/deposit',
        headers: { ...alice.auth, ...body.headers },
        payload: body.payload,
      });
      refused(r, '提交的内容嵌套层级过深');
    });

    it('counts brackets inside strings as text, and invalid JSON is its own message', async () => {
      const r = await post('/api/collect', { name: '['.repeat(30) });
      expect(r.statusCode, r.body).toBe(200);
      refused(await post('/api/user/invoice', '{"title":'), '请求内容不是有效的 JSON');
    });
  });

  describe('NUL bytes and unpaired surrogates in text', () => {
    const invoice = { invoiceType: 0, taxRate: 6, title: '星河文化', amount: 1, email: 'a@b.cn' };

    it.each([
      ['/api/collect', { name: 'a\u0000b' }, '收藏夹名称不能包含非法字符'],
      ['/api/user/invoice', { ...invoice, title: 'a\u0000b' }, '发票抬头不能包含非法字符'],
      ['/api/user/invoice', { ...invoice, remark: '备\u0000注' }, '备注不能包含非法字符'],
      ['/api/user/invoice', { ...invoice, title: 'a\ud800b' }, '发票抬头不能包含非法字符'],
      ['/api/operation/stat', { url: 'https://lumen.example/\u0000', pvi: 'abc' }, '页面地址不能包含非法字符'],
      [
        '/api/operation/stat',
        { url: 'https://lumen.example/', rurl: '\u0000', pvi: 'abc' },
        '来源地址不能包含非法字符',
      ],
    ])('%s %j', async (url, payload, msg) => {
      const r = await post(url, payload);
      refused(r, msg);
      expect(Object.values(r.json().data.fieldErrors)).toEqual([msg]);
    });

    it('in query strings, in invoice updates and in a multipart form', async () => {
      refused(await get('/api/index/search?keyword=a%00b'), '关键词不能包含非法字符');
      const id = (await post('/api/user/invoice', invoice)).json().data.id;
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/user/invoice/${id}`,
        headers: alice.auth,
        payload: { ...invoice, title: '\u0000' },
      });
      refused(put, '发票抬头不能包含非法字符');
      const image = { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg(64, 48) };
      const body = formWithFiles({ workName: '山\u0000川', workCategory: 1, files: [metaOf(image)] }, [image]);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/protection/deposit',
        headers: { ...alice.auth, ...body.headers },
        payload: body.payload,
      });
      refused(r, '作品名称不能包含非法字符');
    });
  });

  describe('money with more than two decimals', () => {
    const invoice = { invoiceType: 0, taxRate: 6, title: '星河文化', email: 'a@b.cn' };

    it('an invoice amount is never taken from the request: 1e-9 is refused, the amount comes from paid orders', async () => {
      // Invoices are tied to the requester's paid orders (tests/api/resources/invoices.test.ts); a posted amount is not a field.
      const r = await post('/api/user/invoice', { ...invoice, amount: 1e-9 });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    });

    it('refuses them on withdrawals', async () => {
      refused(
        await post('/api/user/withdrawal', {
          amount: 1.001,
          channel: 'alipay',
          accountName: '张三',
          accountNo: 'zhang@example.cn',
        }),
        '提现金额（元）最多保留两位小数',
      );
    });
  });

  describe('truncated multipart bodies', () => {
    const head =
      '------lumenb\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"workName":"山川","workCategory":1,"files":[{"name":"a.jpg","size":3,"type":"image/jpeg"}]}\r\n';

    it('a file part whose boundary never closes', async () => {
      const payload = `${head}------lumenb\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc`;
      refused(
        await post('/api/protection/deposit', payload, 'multipart/form-data; boundary=----lumenb'),
        '上传的表单不完整或格式不正确，请重新上传',
      );
    });

    it('a body cut inside the form field, and a content type without a boundary', async () => {
      refused(
        await post('/api/protection/deposit', head.slice(0, 80), 'multipart/form-data; boundary=----lumenb'),
        '上传的表单不完整或格式不正确，请重新上传',
      );
      refused(
        await post('/api/protection/deposit', head, 'multipart/form-data'),
        '上传的表单不完整或格式不正确，请重新上传',
      );
    });
  });
});
