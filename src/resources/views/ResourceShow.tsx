import { useShow } from '@refinedev/core';
import { Button, Card, Descriptions, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import type { ResourceDef } from '../types';
import { useResourceForm, useResourceTables } from '../registry';
import { renderCell } from './cells';
import { RowActions } from './RowActions';
import { LoadFailed } from '../../components/feedback/LoadFailed';

interface Item {
  key: string;
  label: string;
  value: ReactNode;
}

/** Labels from the columns first, then every form-schema property the record carries. */
export function describeRecord(def: ResourceDef, schema: any, record: Record<string, any>): Item[] {
  const items: Item[] = def.columns.map((c) => ({
    key: c.dataIndex,
    label: c.title,
    value: renderCell(c.render, record[c.dataIndex], c.optional),
  }));
  const seen = new Set(items.map((i) => i.key));
  for (const [key, prop] of Object.entries<any>(schema?.properties ?? {})) {
    if (seen.has(key) || !(key in record)) continue;
    const v = record[key];
    const labelOf = (x: unknown) => {
      const opt = (prop.oneOf ?? prop.anyOf ?? prop.items?.oneOf ?? prop.items?.anyOf)?.find((o: any) => o.const === x);
      return opt?.title ?? (typeof x === 'object' ? ((x as any)?.name ?? JSON.stringify(x)) : String(x));
    };
    const value =
      v === null || v === undefined || v === '' ? '-' : Array.isArray(v) ? v.map(labelOf).join('、') : labelOf(v);
    items.push({ key, label: prop.title ?? key, value });
    seen.add(key);
  }
  return items;
}

/** What a page adds below a record's details (e.g. a work's review state and timeline). */
export type ShowFooter = (record: Record<string, any>, refetch: () => void) => ReactNode;

/** Generic detail view: antd Descriptions generated from the schema and the list columns. */
export function ResourceShow({
  def,
  id,
  onBack,
  onEdit,
  footer,
}: {
  def: ResourceDef;
  id: string | number;
  onBack?: () => void;
  onEdit?: () => void;
  footer?: ShowFooter;
}) {
  const form = useResourceForm(def, 'create');
  useResourceTables(def);
  const { query } = useShow({ resource: def.name, id, meta: { apiPath: def.apiPath }, errorNotification: false });
  if (query.isLoading) return <Skeleton active />;
  if (query.isError)
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <LoadFailed what="记录" error={query.error} retry={() => void query.refetch()} />
        {onBack && <Button onClick={onBack}>返回列表</Button>}
      </Space>
    );
  const record = (query.data?.data ?? {}) as Record<string, any>;
  return (
    <Card
      title={`${def.noun}详情`}
      extra={
        <Space>
          <RowActions def={def} row={record} onDone={() => query.refetch()} />
          {def.canEdit && onEdit && (!def.editableStatus || def.editableStatus.includes(record.status)) && (
            <Button onClick={onEdit}>编辑</Button>
          )}
          {onBack && <Button onClick={onBack}>返回列表</Button>}
        </Space>
      }
    >
      <Descriptions
        bordered
        column={1}
        size="small"
        items={describeRecord(def, form.schema, record).map((i) => ({ key: i.key, label: i.label, children: i.value }))}
      />
      {footer?.(record, () => void query.refetch())}
    </Card>
  );
}
