import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import { SchemaFormBody } from '../../components/schema-form/SchemaFormModal';
import { CmsBody } from './CmsBody';
import { fetchEntry, fetchEntryBySlug, registerForEvent, type CmsEntry } from './content-api';
import { useLoad } from './use-load';
import { BRAND_COLORS } from '../../theme';

function Registration({ entry }: { entry: CmsEntry }) {
  const [done, setDone] = useState(false);
  if (done) return <Result status="success" title="报名成功" subTitle="我们会通过短信向您发送活动信息。" />;
  if (!entry.registration?.open)
    return <Alert type="info" showIcon message={entry.registration?.reason ?? '该活动未开放报名'} />;
  return (
    <SchemaFormBody
      schemaId="lumen:forms/event-registration"
      okText="提交报名"
      onSubmit={async (form) => {
        await registerForEvent(entry.id, form);
        setDone(true);
      }}
    />
  );
}

/** /activity/{id}, /forum2022, /forum2023, /copyright0426: an event page from its CMS entry (agenda, speakers, registration). */
export default function EventPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const slug = pathname.replace(/^\/+|\/+$/g, '');
  const { data: e, error, loading, reload } = useLoad(() => (id ? fetchEntry(id) : fetchEntryBySlug(slug)), [id, slug]);

  if (loading) return <Skeleton active paragraph={{ rows: 12 }} style={{ maxWidth: 1100, margin: '32px auto' }} />;
  if (error || !e || e.kind !== 'event')
    return (
      <Result
        status={error && error.code !== 404 ? 'error' : '404'}
        title={error && error.code !== 404 ? '加载失败' : '活动不存在或已下线'}
        subTitle={error?.code !== 404 ? error?.message : undefined}
        extra={
          error && error.code !== 404 ? (
            <Button onClick={() => void reload()}>重试</Button>
          ) : (
            <Link to="/">返回首页</Link>
          )
        }
      />
    );
  const ev = e.event ?? {};
  const ended = !!ev.endsAt && Date.parse(ev.endsAt) < Date.now();
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: '24px 16px' }}>
      <Space direction="vertical" size={24} style={{ width: '100%' }}>
        <Card style={{ background: 'linear-gradient(135deg, #e6f4ff, #f9f0ff)' }}>
          <Space direction="vertical" size={4}>
            <Space>
              {ended ? <Tag>已结束</Tag> : <Tag color="blue">{e.registration?.open ? '报名中' : '即将开始'}</Tag>}
            </Space>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {e.title}
            </Typography.Title>
            {e.summary && (
              <Typography.Text type="secondary" style={{ fontSize: 16 }}>
                {e.summary}
              </Typography.Text>
            )}
            <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginTop: 12 }}>
              <Descriptions.Item label="时间">
                {ev.startsAt ? `${formatDateTime(ev.startsAt)} 至 ${formatDateTime(ev.endsAt)}` : '待定'}
              </Descriptions.Item>
              <Descriptions.Item label="地点">{ev.place || '待定'}</Descriptions.Item>
            </Descriptions>
          </Space>
        </Card>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={15}>
            <Space direction="vertical" size={24} style={{ width: '100%' }}>
              <Card title="活动介绍">
                <CmsBody html={e.bodyHtml} />
              </Card>
              {!!ev.agenda?.length && (
                <Card title="议程">
                  <Timeline
                    items={ev.agenda.map((a) => ({
                      children: (
                        <>
                          <Typography.Text strong>{a.time} </Typography.Text>
                          {a.title}
                          {a.speaker ? <Typography.Text type="secondary">　{a.speaker}</Typography.Text> : null}
                        </>
                      ),
                    }))}
                  />
                </Card>
              )}
            </Space>
          </Col>
          <Col xs={24} md={9}>
            <Space direction="vertical" size={24} style={{ width: '100%' }}>
              <Card title="活动报名" data-testid="event-registration">
                <Registration entry={e} />
              </Card>
              {!!ev.speakers?.length && (
                <Card title="嘉宾">
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {ev.speakers.map((s) => (
                      <Space key={s.name} align="start">
                        <Avatar style={{ background: BRAND_COLORS.primary }}>{s.name.slice(0, 1)}</Avatar>
                        <div>
                          <Typography.Text strong>{s.name}</Typography.Text>
                          <br />
                          <Typography.Text type="secondary">{s.intro}</Typography.Text>
                        </div>
                      </Space>
                    ))}
                  </Space>
                </Card>
              )}
            </Space>
          </Col>
        </Row>
      </Space>
    </div>
  );
}
