// For a local demo server (npm start): logs in as demo_buyer with the public demo password and does
// what the 开发者 and Webhook tabs do (create a key, register the receiver), then prints the two
// secrets as environment assignments for walkthrough.ts.
//   npx tsx packages/sdk/examples/demo-setup.ts http://127.0.0.1:3000 8099
const base = process.argv[2];
const port = process.argv[3];
const ts = String(Date.now() * 1000);
const post = async (path: string, body: unknown, token?: string) => {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (!j.success) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
  return j.data;
};
const t0 = Date.now();
const { token } = await post('/api/common/userPasswordLogin', {
  username: 'demo_buyer',
  ts,
  password: Buffer.from('Lumen@2026' + ts).toString('base64'),
});
const key = await post(
  '/api/user/api-keys',
  { name: '内容系统', scopes: ['catalogue:read', 'licences:purchase', 'licences:download'] },
  token,
);
const hook = await post(
  '/api/user/webhooks',
  { url: `http://127.0.0.1:${port}/hooks`, events: ['order.paid', 'licence.issued'] },
  token,
);
console.log(`LUMEN_API_KEY=${key.secret} LUMEN_WEBHOOK_SECRET=${hook.secret}`);
console.error(`setup ${Date.now() - t0} ms`);

export {};
