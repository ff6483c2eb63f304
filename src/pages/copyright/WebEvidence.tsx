import { useEffect, useState } from 'react';
import { Button, Card, Col, Descriptions, Row, Space, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { get } from '../../dataProvider/axios';
import { formatMoney } from '../../components/licence/money';
import { BuyServiceButton } from '../../components/service-orders/BuyServiceButton';
import { ensureLogin } from '../../components/licence/ensure-login';
import { LoadFailed } from '../../components/feedback/LoadFailed';

interface Pkg {
  sku: string;
  title: string;
  priceCents: number;
  service: string;
  quantity: number;
}

/** /copyright/webEvidence: the web-page evidence service — what it records, prices from the catalogue, a sample certificate, start. */
export default function WebEvidence() {
  const navigate = useNavigate();
  const [pkgs, setPkgs] = useState<Pkg[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<{ packages: Pkg[] }>('/api/service-orders/catalogue').then(
      (c) => setPkgs(c.packages.filter((p) => p.service === 'web_evidence')),
      (e: Error) => setError(e.message),
    );
  }, []);
  const start = async () => {
    if (await ensureLogin()) navigate('/cyprotect/mywebpage');
  };
  return (
    <div style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          网页取证
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          发现侵权网页后，由平台服务器在全新、无痕的浏览器环境中自动打开网页并完整固定证据：整页截图、PDF、网页源码（DOM）、WARC/WACZ
          网页档案、HTTP 往来记录、TLS 证书链、DNS 解析与服务器
          IP，以及记录取证环境与每一步操作的来源日志。所有文件的哈希写入默克尔存证日志并附可信时间戳，任何人都可独立核验。
        </Typography.Paragraph>
        <Row gutter={24} style={{ marginTop: 24 }}>
          <Col xs={24} md={16}>
            <Steps
              direction="vertical"
              size="small"
              current={-1}
              items={[
                { title: '购买取证服务', description: '在线支付后获得取证次数，失败的取证自动退回次数' },
                {
                  title: '填写网址与步骤',
                  description: '一次可取证 1–10 个网址；可设置滚动、点击、等待，或提供登录 Cookie',
                },
                {
                  title: '服务器自动取证',
                  description: '全新 Headless Chromium，无缓存、无插件、无历史 Cookie，全程记录日志，页面显示进度',
                },
                {
                  title: '下载证据包与取证证书',
                  description: '证据包含全部文件与 manifest.json；取证证书带清单哈希和查验二维码',
                },
              ]}
            />
            <Card size="small" title="取证证书样例" style={{ marginTop: 16 }} data-testid="web-evidence-sample">
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="证书编号">WC2026112500000001-ABCDEF</Descriptions.Item>
                <Descriptions.Item label="取证网址">https://example.com/works/123</Descriptions.Item>
                <Descriptions.Item label="清单哈希">9f2c…（manifest.json 的 SHA-256）</Descriptions.Item>
                <Descriptions.Item label="存证日志">叶子序号、叶子哈希、RFC 3161 可信时间</Descriptions.Item>
                <Descriptions.Item label="查验">扫描证书二维码，或在「证书查验」输入证书编号</Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col xs={24} md={8}>
            <Card size="small" title="服务价格">
              {error && <LoadFailed what="服务价格" error={error} />}
              {pkgs === null && !error && <Typography.Text type="secondary">加载中…</Typography.Text>}
              {pkgs?.length === 0 && <Typography.Text type="secondary">暂无在售套餐</Typography.Text>}
              {pkgs?.map((p) => (
                <div key={p.sku} style={{ marginBottom: 12 }}>
                  <Typography.Text>{p.title}</Typography.Text>
                  <Typography.Title level={4} type="danger" style={{ margin: 0 }} data-testid={`price-${p.sku}`}>
                    {formatMoney(p.priceCents)}
                  </Typography.Title>
                  <BuyServiceButton sku={p.sku} label={`购买${p.title}`} block />
                </div>
              ))}
              <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
                <Button type="primary" block onClick={start}>
                  开始取证
                </Button>
              </Space>
            </Card>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
