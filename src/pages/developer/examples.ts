/** Copy-paste examples of the developer page (curl and the TypeScript SDK), for a given site origin. */
export const curlExample = (origin: string) => `# 1. 检索素材（权限 catalogue:read）
curl -s "${origin}/api/v1/catalogue?keyword=%E8%8A%B1%E6%9C%B5&pageSize=5" \\
  -H "Authorization: Bearer $LUMEN_API_KEY"

# 2. 购买授权，钱包付款（权限 licences:purchase）；重试时沿用同一个 Idempotency-Key
curl -s -X POST "${origin}/api/v1/licences" \\
  -H "Authorization: Bearer $LUMEN_API_KEY" \\
  -H "Idempotency-Key: order-20261129-0001" \\
  -H "Content-Type: application/json" \\
  -d '{"items":[{"materialId":123,"scenario":"enterprise_new_media"}]}'

# 3. 获取原文件的临时下载地址（权限 licences:download），5 分钟内有效
curl -s "${origin}/api/v1/licences/123/download" -H "Authorization: Bearer $LUMEN_API_KEY"`;

export const sdkExample = (origin: string) => `import { createLumenClient, newIdempotencyKey } from '@lumen/sdk';

const lumen = createLumenClient({ baseUrl: '${origin}', apiKey: process.env.LUMEN_API_KEY! });

const found = await lumen.GET('/api/v1/catalogue', { params: { query: { keyword: '花朵', pageSize: 5 } } });
const item = found.data!.data.list[0];

const bought = await lumen.POST('/api/v1/licences', {
  params: { header: { 'idempotency-key': newIdempotencyKey() } },
  body: { items: [{ materialId: item.id, scenario: 'enterprise_new_media' }] },
});
if (bought.error) throw new Error(bought.error.msg);

const link = await lumen.GET('/api/v1/licences/{id}/download', { params: { path: { id: item.id } } });
console.log(link.data!.data.url);`;

export const webhookReceiverExample = () => `import http from 'node:http';
import { verifyWebhookSignature } from '@lumen/sdk';

const seen = new Set<string>(); // 生产中请存入数据库：同一事件可能因重试或「重新发送」到达多次
http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const problem = verifyWebhookSignature({
        secret: process.env.LUMEN_WEBHOOK_SECRET!, // whsec_…
        header: req.headers['lumen-webhook-signature'] as string,
        body, // 原始请求体，先验签再 JSON.parse
      });
      if (problem) return res.writeHead(400).end(problem);
      const event = JSON.parse(body);
      if (!seen.has(event.id)) {
        seen.add(event.id);
        console.log(event.type, event.data); // 例如 order.paid、licence.issued
      }
      res.writeHead(200).end('ok');
    });
  })
  .listen(8080);`;
