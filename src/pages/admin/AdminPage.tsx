import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Input, Menu, Result, Row, Spin, Typography } from 'antd';
import { RequestError } from '../../dataProvider/axios';
import { openLogin } from '../../components/login';
import { fetchAccess, listSchemas, type SchemaSummary } from './admin-api';
import { SchemaEditor } from './SchemaEditor';
import { StaffNav } from './StaffNav';

const GROUPS: Array<[string, string]> = [
  ['rules', '上传规则'],
  ['forms', '表单'],
  ['enums', '枚举'],
  ['status', '状态表'],
  ['licence', '授权'],
  ['review', '审核'],
  ['meta', '元模式（只读）'],
];

type Access = 'loading' | 'visitor' | 'denied' | 'staff' | { error: string };

/** Staff console (/admin): every schema, a JSON editor with live preview, versions and rollback. */
export default function AdminPage() {
  const [access, setAccess] = useState<Access>('loading');
  const [list, setList] = useState<SchemaSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);

  const checkAccess = () =>
    fetchAccess()
      .then((r) => setAccess(r.staff ? 'staff' : 'denied'))
      .catch((e: RequestError) => setAccess(e.code === 401 ? 'visitor' : { error: e.message }));
  const loadList = () =>
    listSchemas()
      .then((r) => {
        setList(r.list);
        setListError(null);
      })
      .catch((e: Error) => setListError(e.message));

  useEffect(() => {
    void checkAccess();
  }, []);
  useEffect(() => {
    if (access === 'staff') void loadList();
  }, [access]);

  const items = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const shown = (list ?? []).filter((s) => !f || s.id.toLowerCase().includes(f) || s.title.toLowerCase().includes(f));
    return GROUPS.map(([key, label]) => ({
      type: 'group' as const,
      key,
      label,
      children: shown.filter((s) => s.id.startsWith(`lumen:${key}/`)).map((s) => ({ key: s.id, label: `${s.title}${s.version ? ` · v${s.version}` : ''}`, title: s.id })),
    })).filter((g) => g.children.length);
  }, [list, filter]);

  if (access === 'loading') return <Spin size="large" style={{ display: 'block', margin: '20vh auto' }} />;
  if (access === 'visitor')
    return <Result status="403" title="请先登录" subTitle="规则配置仅对运营人员开放" extra={<Button type="primary" onClick={() => openLogin().then(checkAccess, () => undefined)}>登录</Button>} />;
  if (access === 'denied') return <Result status="403" title="403" subTitle="没有权限：规则配置仅对运营人员开放" />;
  if (typeof access === 'object') return <Result status="error" title="加载失败" subTitle={access.error} extra={<Button onClick={() => void checkAccess()}>重试</Button>} />;

  return (
    <Row gutter={16} style={{ padding: 16 }}>
      <Col span={24}><StaffNav /></Col>
      <Col xs={24} md={6}>
        <Card size="small" title="规则配置">
          <Input.Search allowClear placeholder="搜索模式" value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
          {listError && <Alert type="error" showIcon message={listError} action={<Button size="small" onClick={() => void loadList()}>重试</Button>} />}
          {!list && !listError && <Spin />}
          {list && !items.length && <Empty description="没有匹配的模式" />}
          <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} onClick={(e) => setSelected(e.key)} style={{ borderInlineEnd: 0 }} />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        {selected ? (
          <Card size="small" title={<Typography.Text copyable={{ text: selected }}>{selected}</Typography.Text>}>
            <SchemaEditor key={selected} id={selected} onSaved={() => void loadList()} />
          </Card>
        ) : (
          <Card>
            <Empty description="从左侧选择一个模式进行查看与编辑" />
          </Card>
        )}
      </Col>
    </Row>
  );
}
