import { useEffect, useMemo, useState } from 'react';
import { Card, Col, Empty, Menu, Row, Spin, Typography } from 'antd';
import { listSchemas, type SchemaSummary } from './admin-api';
import { SchemaEditor } from './SchemaEditor';
import { StaffGate } from './StaffGate';
import { SearchInput } from '../../components/search/SearchInput';
import { LoadFailed } from '../../components/feedback/LoadFailed';

const GROUPS: Array<[string, string]> = [
  ['rules', '上传规则'],
  ['forms', '表单'],
  ['enums', '枚举'],
  ['status', '状态表'],
  ['licence', '授权'],
  ['review', '审核'],
  ['meta', '元模式（只读）'],
];

/** Staff console (/admin): every schema, a JSON editor with live preview, versions and rollback. */
export default function AdminPage() {
  return (
    <StaffGate area="规则配置">
      <SchemaConsole />
    </StaffGate>
  );
}

function SchemaConsole() {
  const [list, setList] = useState<SchemaSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);

  const loadList = () =>
    listSchemas()
      .then((r) => {
        setList(r.list);
        setListError(null);
      })
      .catch((e: Error) => setListError(e.message));

  useEffect(() => {
    void loadList();
  }, []);

  const items = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const shown = (list ?? []).filter((s) => !f || s.id.toLowerCase().includes(f) || s.title.toLowerCase().includes(f));
    return GROUPS.map(([key, label]) => ({
      type: 'group' as const,
      key,
      label,
      children: shown
        .filter((s) => s.id.startsWith(`lumen:${key}/`))
        .map((s) => ({ key: s.id, label: `${s.title}${s.version ? ` · v${s.version}` : ''}`, title: s.id })),
    })).filter((g) => g.children.length);
  }, [list, filter]);

  return (
    <Row gutter={16} style={{ padding: 16 }}>
      <Col xs={24} md={6}>
        <Card size="small" title="规则配置">
          <SearchInput
            allowClear
            placeholder="搜索模式"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          {listError && <LoadFailed what="模式列表" error={listError} retry={() => void loadList()} />}
          {!list && !listError && <Spin />}
          {list && !items.length && <Empty description="没有匹配的模式" />}
          <Menu
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            onClick={(e) => setSelected(e.key)}
            style={{ borderInlineEnd: 0 }}
          />
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
