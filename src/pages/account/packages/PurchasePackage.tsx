import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card, Col, Empty, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { get } from '../../../dataProvider/axios';
import { BuyServiceButton } from '../../../components/service-orders/BuyServiceButton';
import { useSchema } from '../../../hooks/use-schema';
import { COPYRIGHT_SERVICES_ID, serviceCatalogue } from '../../../schemas/services/copyright-services';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

const SERVICE = 'image_download';

/** Images left over the user's usable packages (null while loading or when it failed). */
function useImagesLeft() {
  const [left, setLeft] = useState<{ left: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<{ list: Array<{ left: number; total: number }> }>('/api/service-orders/quota', { service: SERVICE })
      .then((r) => setLeft(r.list[0] ?? { left: 0, total: 0 }))
      .catch((e: Error) => setError(e.message || '加载失败'));
  }, []);
  return { left, error };
}

/**
 * /account/purchasePackage — image download packages (N images within M days), prices from the
 * staff-edited catalogue lumen:services/copyright-services, bought through the shared checkout (/pay).
 */
export default function PurchasePackage() {
  const { schema, loading } = useSchema(COPYRIGHT_SERVICES_ID);
  const catalogue = schema ? serviceCatalogue(schema) : null;
  const packages = catalogue?.packages.filter((p) => p.service === SERVICE) ?? [];
  const { left, error } = useImagesLeft();

  return (
    <Card title="购买图片下载套餐" style={{ margin: 16 }} data-testid="purchase-package">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {error ? (
          <LoadFailed what="套餐余量" error={error} />
        ) : (
          <Alert
            type={left && left.left > 0 ? 'success' : 'info'}
            showIcon
            message={
              left === null
                ? '正在查询套餐余量…'
                : left.left > 0
                  ? `当前可下载图片 ${left.left} 张（有效套餐共 ${left.total} 张）`
                  : '暂无可用的图片下载套餐'
            }
            description="在图片详情页点击“套餐下载”即可下载原图，每张扣减 1 张额度（最早到期的套餐先扣）；同一次下载因网络重试不会重复扣减。"
            action={
              <Space direction="vertical">
                <Link to="/account/imageConsume">消费记录</Link>
                <Link to="/account/imageDownload">下载记录</Link>
              </Space>
            }
          />
        )}
        {!catalogue && (loading ? <Skeleton active /> : <LoadFailed what="套餐价格" error="请刷新重试" />)}
        {catalogue && !packages.length && <Empty description="暂未开放图片下载套餐" />}
        <Row gutter={[16, 16]}>
          {packages.map((p) => (
            <Col key={p.sku} xs={24} sm={12} md={8}>
              <Card size="small" style={{ height: '100%' }} data-testid={`package-${p.sku}`}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {p.title}
                </Typography.Title>
                <Statistic value={p.priceCents / 100} precision={2} prefix="¥" />
                <Typography.Paragraph type="secondary">
                  {p.quantity} 张图片，{p.validDays ? `支付后 ${p.validDays} 天内有效` : '长期有效'}；约 ¥
                  {(p.priceCents / 100 / p.quantity).toFixed(2)}/张
                </Typography.Paragraph>
                <BuyServiceButton sku={p.sku} label="购买套餐" />
              </Card>
            </Col>
          ))}
        </Row>
        <Typography.Text type="secondary">
          套餐订单可在 <Link to="/account/imgticket">图片发票</Link> 申请开票。
          <Link to="/search?type=11">去挑选图片</Link>
        </Typography.Text>
      </Space>
    </Card>
  );
}
