import { Link, useParams } from 'react-router-dom';
import { Button, Card, Col, Row, Segmented, Space, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { BuyServiceButton } from '../../components/service-orders/BuyServiceButton';
import { TRANSFORM_NAMES } from './transform-names';

/** /copyrightMonitor/{img|video}: what monitoring does for images and video, how it matches, and the way in. */
export default function CopyrightMonitorPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const video = type === 'video';
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <Card style={{ background: 'linear-gradient(135deg, #e6f4ff, #f9f0ff)' }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            版权监测
          </Typography.Title>
          <Typography.Paragraph style={{ fontSize: 16, maxWidth: 760 }}>
            为您的图片与视频建立感知指纹，按计划抓取您指定的网站，发现被缩放、压缩、调色、镜像、加边框、加水印或剪辑转载的作品。已购买授权的买家网站自动识别为正版使用；其余命中可一键取证、发送侵权通知函或提供补授权。
          </Typography.Paragraph>
          <Space>
            <BuyServiceButton sku="monitor_3" label="购买版权监测" type="primary" size="large" />
            <Link to="/cyprotect/mymonitor">
              <Button size="large">进入监测中心</Button>
            </Link>
          </Space>
        </Card>
        <Segmented
          value={video ? 'video' : 'img'}
          onChange={(v) => navigate(`/copyrightMonitor/${v}`)}
          options={[
            { value: 'img', label: '图片监测' },
            { value: 'video', label: '视频监测' },
          ]}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Card title={video ? '视频指纹' : '图片指纹'} style={{ height: '100%' }}>
              {video ? (
                <Typography.Paragraph>
                  视频按每秒 2 帧取样，每帧计算 PDQ
                  指纹（去除黑边后）；比对时逐帧做时间对齐，即使被截取片段、重新编码、缩放、加黑边或镜像，也能找出并给出匹配的时间段。
                </Typography.Paragraph>
              ) : (
                <Typography.Paragraph>
                  采用 Meta 开源的 PDQ 感知哈希（256 位），汉明距离 ≤ 31
                  视为同一画面；质量过低（纯色、过暗）的图片不参与比对，避免误报。
                </Typography.Paragraph>
              )}
              <Typography.Paragraph type="secondary">
                可识别：{TRANSFORM_NAMES.join('、')}。大幅裁切（超过 5%）目前识别率较低。
              </Typography.Paragraph>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card title="结合授权记录" style={{ height: '100%' }}>
              <Typography.Paragraph>
                流明掌握每件作品的授权记录：持有授权的买家在其登记网站上的使用会自动标记为“持证使用”并显示授权信息；未授权的使用可以直接发出补授权报价，对方付款后即转为正版使用。
              </Typography.Paragraph>
            </Card>
          </Col>
        </Row>
        <Card title="使用步骤">
          <Steps
            current={-1}
            items={[
              { title: '购买监测额度' },
              { title: '选择作品与监测网站' },
              { title: '系统定期抓取比对' },
              { title: '处理命中：授权 / 取证 / 通知 / 补授权' },
            ]}
          />
        </Card>
      </Space>
    </div>
  );
}
