import { Alert, Card, Space, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { API_ERROR_CODES, API_KEY_LIMITS, API_KEY_SCOPES, IDEMPOTENCY_HOURS } from '../../schemas/api-keys/scopes';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, webhookEventTable } from '../../schemas/webhooks';
import { curlExample, sdkExample, webhookReceiverExample } from './examples';

const { Title, Paragraph, Text } = Typography;

/** Where each scope is used: the v1 routes that require it. */
const ROUTES_OF_SCOPE: Record<string, string> = {
  'catalogue:read': 'GET /api/v1/catalogue、GET /api/v1/catalogue/{id}',
  'licences:purchase': 'POST /api/v1/licences',
  'licences:download': 'GET /api/v1/licences/{id}/download',
  'evidence:deposit': 'POST /api/v1/evidence',
  'evidence:verify': 'GET /api/v1/evidence/{id}/receipt、GET /api/v1/evidence/verify/{certNo}',
  'monitor:read': 'GET /api/v1/monitor/hits',
  'monitor:triage': 'POST /api/v1/monitor/hits/{id}/triage',
  'orders:read': 'GET /api/v1/orders',
};

function Code({ text }: { text: string }) {
  return (
    <Paragraph copyable={{ text, tooltips: ['复制', '已复制'] }}>
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</pre>
    </Paragraph>
  );
}

/** /developer: how a company's system calls the public API (keys, scopes, limits, idempotency, examples, webhooks). */
export default function DeveloperDocsPage() {
  const origin = window.location.origin;
  return (
    <Space
      direction="vertical"
      size="large"
      style={{ width: '100%', maxWidth: 1000, margin: '24px auto', display: 'flex' }}
    >
      <Card>
        <Title level={2}>流明素材开放接口</Title>
        <Paragraph>
          企业的内容管理系统可以通过开放接口 <Text code>/api/v1</Text>{' '}
          检索素材、购买授权、下载已授权的原文件、提交存证与核验证书，
          并把侵权监测结果同步到自己的案件系统。答复与网站使用相同的格式：
          <Text code>{'{ code, success, msg, message, data }'}</Text>。
        </Paragraph>
        <Paragraph>
          完整的接口说明（每个路径的参数与答复字段）见 <a href="/api/docs/">OpenAPI 接口文档</a>
          （「开放接口 v1（API 密钥）」分组），机器可读的文档在 <a href="/api/openapi.json">/api/openapi.json</a>。
        </Paragraph>
      </Card>

      <Card title="1. 创建 API 密钥">
        <Paragraph>
          登录后在 <Link to="/account/security?tab=developer">账户安全 → 开发者</Link> 创建密钥，选择权限范围，可选填 IP
          白名单、有效期与预算。 密钥形如 <Text code>lm_live_…</Text>，<Text strong>只在创建时显示一次</Text>
          ，服务器只保存其摘要。
          企业子账号可以创建自己的密钥，企业主账号能看到并吊销子账号的密钥及其调用记录。吊销或过期立即生效。
        </Paragraph>
        <Paragraph>
          每个请求在请求头中携带：<Text code>Authorization: Bearer lm_live_…</Text>
          。密钥只能在服务器端使用，不要放进网页或 App。
        </Paragraph>
      </Card>

      <Card title="2. 权限范围">
        <Table
          rowKey="const"
          size="small"
          pagination={false}
          dataSource={[...API_KEY_SCOPES.oneOf]}
          columns={[
            { title: '权限', dataIndex: 'const', render: (v) => <Text code>{v}</Text> },
            { title: '说明', dataIndex: 'title' },
            { title: '接口', dataIndex: 'const', key: 'routes', render: (v: string) => ROUTES_OF_SCOPE[v] },
          ]}
        />
        <Paragraph style={{ marginTop: 12 }}>
          缺少权限的请求得到 <Text code>403</Text>，<Text code>data.error</Text> 为 <Text code>scope_missing</Text>。
        </Paragraph>
      </Card>

      <Card title="3. 限额">
        <ul>
          <li>
            每分钟请求数：每个密钥默认 {API_KEY_LIMITS.requestsPerMinute.default} 次，最多可设{' '}
            {API_KEY_LIMITS.requestsPerMinute.max} 次。
          </li>
          <li>
            每日授权数量、每月消费额度：创建密钥时可选设置；子账号另受企业设定的每月额度约束，超出时订单进入企业管理员审批。
          </li>
          <li>
            超出限额得到 <Text code>429</Text>，并带 <Text code>Retry-After</Text> 响应头（秒），之后再试。
          </li>
          <li>限额在所有服务器间共享、并发请求下也精确计数。</li>
        </ul>
      </Card>

      <Card title="4. 幂等键（Idempotency-Key）">
        <Paragraph>
          所有会扣款或产生存证的 POST 请求（购买授权、提交存证）必须带 <Text code>Idempotency-Key</Text> 请求头（8–255
          个可见字符，建议 UUID）。 同一密钥下，相同的幂等键与相同的请求体在 {IDEMPOTENCY_HOURS}{' '}
          小时内只执行一次：网络超时后用同一个键重试，得到首次的答复 （带 <Text code>Idempotent-Replayed: true</Text>
          ），不会重复扣款。相同的键配不同的请求体得到 <Text code>422</Text>（<Text code>idempotency_key_reused</Text>
          ）。
        </Paragraph>
      </Card>

      <Card title="5. 错误码">
        <Table
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={Object.entries(API_ERROR_CODES).map(([code, text]) => ({ code, text }))}
          columns={[
            { title: 'data.error', dataIndex: 'code', render: (v) => <Text code>{v}</Text> },
            { title: '含义', dataIndex: 'text' },
          ]}
        />
      </Card>

      <Card title="6. 示例">
        <Alert
          type="info"
          showIcon
          message="把 LUMEN_API_KEY 设为您的密钥；123 换成检索到的素材编号。"
          style={{ marginBottom: 12 }}
        />
        <Title level={4}>curl</Title>
        <Code text={curlExample(origin)} />
        <Title level={4}>TypeScript（@lumen/sdk）</Title>
        <Paragraph>
          SDK 位于代码仓库的 <Text code>packages/sdk</Text>，类型由本站 OpenAPI 文档生成（openapi-typescript +
          openapi-fetch）。
        </Paragraph>
        <Code text={sdkExample(origin)} />
      </Card>

      <Card title="7. Webhook：事件推送">
        <Paragraph>
          在 <Link to="/account/security?tab=webhooks">账户安全 → Webhook</Link> 登记接收地址（https）并选择事件；
          签名密钥（<Text code>whsec_…</Text>）只显示一次。 事件发生后，平台向该地址 POST JSON
          <Text code>{'{ id, type, createdAt, data }'}</Text>，请求头带 <Text code>{WEBHOOK_HEADERS.id}</Text>
          （按它去重）、
          <Text code>{WEBHOOK_HEADERS.timestamp}</Text> 与 <Text code>{WEBHOOK_HEADERS.signature}</Text>（
          <Text code>t=时间戳,v1=HMAC-SHA256(密钥, "时间戳.原始请求体")</Text>）。 答复 2xx 即送达；否则按退避重试，最多{' '}
          {WEBHOOK_LIMITS.maxAttempts} 次，每次 {WEBHOOK_LIMITS.attemptTimeoutMs / 1000} 秒超时。每次尝试与答复可在
          Webhook 页查看并「重新发送」。
        </Paragraph>
        <Table
          rowKey="const"
          size="small"
          pagination={false}
          dataSource={[...webhookEventTable.oneOf]}
          columns={[
            { title: '事件', dataIndex: 'const', render: (v) => <Text code>{v}</Text> },
            { title: '说明', dataIndex: 'title' },
          ]}
        />
        <Title level={4} style={{ marginTop: 16 }}>
          接收并验证签名（Node.js + @lumen/sdk）
        </Title>
        <Code text={webhookReceiverExample()} />
      </Card>
    </Space>
  );
}
