// A company developer's first ten minutes with the public API, as the /developer page describes
// them: search the catalogue, license a work paid from the wallet, download the licensed file, and
// receive the order.paid and licence.issued webhooks with valid signatures. Prints what each step
// took. Before running it: create a key (账户安全 → 开发者, scopes catalogue:read, licences:purchase,
// licences:download) and register http(s)://<this machine>:<RECEIVER_PORT>/hooks (账户安全 → Webhook).
//
//   LUMEN_URL=http://127.0.0.1:3000 LUMEN_API_KEY=lm_live_… LUMEN_WEBHOOK_SECRET=whsec_… \
//   RECEIVER_PORT=8080 [KEYWORD=城市] [SCENARIO=personal_study] npx tsx packages/sdk/examples/walkthrough.ts
import http from 'node:http';
import { createLumenClient, newIdempotencyKey, verifyWebhookSignature } from '../src/index';

const env = process.env;
const lumen = createLumenClient({ baseUrl: env.LUMEN_URL!, apiKey: env.LUMEN_API_KEY! });
const started = Date.now();
const steps: Array<{ step: string; ms: number; detail: string }> = [];
const timed = async <T>(step: string, run: () => Promise<[T, string]>): Promise<T> => {
  const t0 = Date.now();
  const [value, detail] = await run();
  steps.push({ step, ms: Date.now() - t0, detail });
  return value;
};

// The webhook receiver: verify first, then parse; de-duplicate by event id.
const events = new Map<string, { type: string; data: Record<string, unknown> }>();
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const problem = verifyWebhookSignature({
      secret: env.LUMEN_WEBHOOK_SECRET!,
      header: req.headers['lumen-webhook-signature'] as string,
      body,
    });
    if (problem) return void res.writeHead(400).end(problem);
    const event = JSON.parse(body);
    events.set(event.id, event);
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(Number(env.RECEIVER_PORT ?? 8080), '127.0.0.1', r));

const item = await timed('1. 检索', async () => {
  const found = await lumen.GET('/api/v1/catalogue', {
    params: { query: { keyword: env.KEYWORD ?? '城市', pageSize: 5 } },
  });
  if (found.error) throw new Error(found.error.msg);
  const first = found.data.data.list[0];
  return [first, `${found.data.data.total} 个结果，取「${first.title}」#${first.id}`];
});

const order = await timed('2. 购买授权（钱包）', async () => {
  const idem = newIdempotencyKey();
  const body = { items: [{ materialId: item.id, scenario: env.SCENARIO ?? 'personal_study' }] };
  const bought = await lumen.POST('/api/v1/licences', { params: { header: { 'idempotency-key': idem } }, body });
  if (bought.error) throw new Error(bought.error.msg);
  // A retry with the same key (a timeout on our side, say) charges nothing more.
  const again = await lumen.POST('/api/v1/licences', { params: { header: { 'idempotency-key': idem } }, body });
  const replayed = again.response.headers.get('idempotent-replayed');
  return [
    bought.data.data,
    `订单 ${JSON.stringify(bought.data.data).slice(0, 80)}…；同键重试 Idempotent-Replayed: ${replayed}`,
  ];
});

await timed('3. 下载原文件', async () => {
  const link = await lumen.GET('/api/v1/licences/{id}/download', { params: { path: { id: item.id } } });
  if (link.error) throw new Error(link.error.msg);
  const url = new URL(link.data.data.url, env.LUMEN_URL);
  const file = await fetch(url);
  const bytes = Buffer.from(await file.arrayBuffer());
  return [bytes, `HTTP ${file.status}，${bytes.length} 字节，${file.headers.get('content-type')}`];
});

await timed('4. 收到 Webhook', async () => {
  const deadline = Date.now() + 120_000;
  const want = ['order.paid', 'licence.issued'];
  while (!want.every((t) => [...events.values()].some((e) => e.type === t)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 250));
  const got = [...events.values()].map((e) => e.type);
  if (!want.every((t) => got.includes(t))) throw new Error(`只收到 ${got.join(', ') || '无'}`);
  return [null, `签名有效：${got.join('、')}`];
});

receiver.close();
console.log(JSON.stringify({ order }, null, 0).slice(0, 200));
console.table(steps);
console.log(`共 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
