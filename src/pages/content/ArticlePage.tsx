import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Card, Col, Menu, Result, Row, Skeleton, Typography } from 'antd';
import { formatDateTime } from '../../resources/views/cells';
import { CmsBody } from './CmsBody';
import { fetchEntry, fetchHelpCentre, type HelpItem } from './content-api';
import { useLoad } from './use-load';

const pathOf = (e: { id: number; kind: string }) => (e.kind === 'notice' ? `/page/${e.id}` : `/article/${e.id}`);

/** The help centre's side menu: published articles and notices grouped as staff set them. */
function HelpMenu({ current }: { current: string }) {
  const { data } = useLoad(fetchHelpCentre, []);
  const items = useMemo(() => {
    const groups = new Map<string, HelpItem[]>();
    for (const e of data?.list ?? []) groups.set(e.category, [...(groups.get(e.category) ?? []), e]);
    const grouped = new Set((data?.list ?? []).map((e) => e.id));
    const notices = (data?.notices ?? [])
      .filter((n) => !grouped.has(n.id))
      .map((n) => ({ key: `/page/${n.id}`, label: <Link to={`/page/${n.id}`}>{n.title}</Link> }));
    return [
      ...[...groups].map(([group, list]) => ({
        type: 'group' as const,
        key: group,
        label: group,
        children: list.map((e) => ({ key: pathOf(e), label: <Link to={pathOf(e)}>{e.title}</Link> })),
      })),
      ...(notices.length ? [{ type: 'group' as const, key: '平台公告', label: '平台公告', children: notices }] : []),
    ];
  }, [data]);
  return (
    <Menu mode="inline" selectedKeys={[current]} items={items} style={{ borderRadius: 8 }} data-testid="help-menu" />
  );
}

/** /article/{id} and /page/{id}: an article or notice from the CMS, beside the help-centre menu. */
export default function ArticlePage() {
  const { id = '' } = useParams();
  const { data: e, error, loading, reload } = useLoad(() => fetchEntry(id), [id]);
  const current = e ? pathOf(e) : '';
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '24px 16px' }}>
      <Row gutter={24}>
        <Col xs={0} md={6}>
          <Typography.Title level={5} style={{ margin: '4px 0 12px' }}>
            帮助中心
          </Typography.Title>
          <HelpMenu current={current} />
        </Col>
        <Col xs={24} md={18}>
          <Card>
            {loading ? (
              <Skeleton active paragraph={{ rows: 10 }} />
            ) : error ? (
              <Result
                status={error.code === 404 ? '404' : 'error'}
                title={error.code === 404 ? '内容不存在或已下线' : '加载失败'}
                subTitle={error.code === 404 ? '您访问的文章不存在，可在左侧帮助中心查找。' : error.message}
                extra={
                  error.code === 404 ? (
                    <Link to="/">返回首页</Link>
                  ) : (
                    <Button onClick={() => void reload()}>重试</Button>
                  )
                }
              />
            ) : e ? (
              <article>
                <Typography.Title level={2} style={{ textAlign: 'center' }}>
                  {e.title}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
                  {e.effectiveOn ? `生效日期：${e.effectiveOn}　` : ''}更新时间：{formatDateTime(e.updatedAt)}
                </Typography.Paragraph>
                <CmsBody html={e.bodyHtml} />
              </article>
            ) : null}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
