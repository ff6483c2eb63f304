import { useTable } from '@refinedev/antd';
import { useDelete, type BaseRecord, type CrudFilters } from '@refinedev/core';
import { Button, Card, DatePicker, Empty, Form, Input, Popconfirm, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { ResourceDef } from '../types';
import { enumOptions, renderCell } from './cells';
import { RowActions } from './RowActions';
import { useResourceTables } from '../registry';
import { SearchInput } from '../../components/search/SearchInput';
import { LoadFailed } from '../../components/feedback/LoadFailed';

export interface ResourceNav {
  create?: () => void;
  show?: (id: string | number) => void;
  edit?: (id: string | number) => void;
}

/** Turns the filter form's values into Refine filters per the definition's filter list. */
export function filtersFromForm(def: ResourceDef, values: Record<string, any>): CrudFilters {
  const out: CrudFilters = [];
  if (def.searchField) out.push({ field: def.searchField, operator: 'contains', value: values.__q || undefined });
  for (const f of def.filters) {
    const v = values[f.field];
    if (f.type === 'dateRange') {
      const [from, to] = (v ?? []) as Dayjs[];
      out.push({ field: f.field, operator: 'gte', value: from ? from.startOf('day').toISOString() : undefined });
      out.push({ field: f.field, operator: 'lte', value: to ? to.endOf('day').toISOString() : undefined });
    } else {
      out.push({
        field: f.field,
        operator: f.operator === 'between' ? 'eq' : f.operator,
        value: v === '' ? undefined : v,
      });
    }
  }
  return out;
}

/**
 * The one generic list: antd Table over the list convention, filters, search, status tags.
 * `onFilters` hears each applied filter set (pages that show totals of the same selection).
 */
export function ResourceList({
  def,
  nav = {},
  onFilters,
  extraColumns,
}: {
  def: ResourceDef;
  nav?: ResourceNav;
  onFilters?: (filters: CrudFilters) => void;
  extraColumns?: ColumnsType<BaseRecord>;
}) {
  const { tableProps, searchFormProps, tableQuery } = useTable({
    resource: def.name,
    meta: { apiPath: def.apiPath },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    onSearch: (values: Record<string, any>) => {
      const filters = filtersFromForm(def, values);
      onFilters?.(filters);
      return filters;
    },
    errorNotification: false,
  });
  const { mutate: remove } = useDelete();
  // Re-renders once the served status tables / enums arrived (labels and colours staff edited).
  useResourceTables(def);

  const columns: ColumnsType<BaseRecord> = def.columns.map((c) => ({
    key: c.dataIndex,
    dataIndex: c.dataIndex,
    title: c.title,
    width: c.width,
    sorter: c.sorter ? true : undefined,
    render: (v: unknown) => renderCell(c.render, v, c.optional),
  }));
  // Columns a hand-built page adds after the generated ones (e.g. a work's processing state).
  if (extraColumns) columns.push(...extraColumns);
  // A read-only list (no show, edit, delete or row action) has no action column.
  const hasActions = !!nav.show || (def.canEdit && !!nav.edit) || def.canDelete || !!def.rowActions?.length;
  if (hasActions)
    columns.push({
      key: '__actions',
      title: '操作',
      fixed: 'right',
      render: (_: unknown, row: BaseRecord) => (
        <Space size="small" wrap>
          {nav.show && (
            <Button type="link" size="small" onClick={() => nav.show!(row.id!)}>
              查看
            </Button>
          )}
          {def.canEdit && nav.edit && (!def.editableStatus || def.editableStatus.includes(row.status)) && (
            <Button type="link" size="small" onClick={() => nav.edit!(row.id!)}>
              编辑
            </Button>
          )}
          <RowActions def={def} row={row} onDone={() => tableQuery.refetch()} />
          {def.canDelete && (
            <Popconfirm
              title="确定删除这条记录吗？"
              onConfirm={() =>
                remove({ resource: def.name, id: row.id!, meta: { apiPath: def.apiPath }, errorNotification: false })
              }
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });

  const hasFilters = def.filters.length > 0 || def.searchField;
  return (
    <Card
      title={def.title}
      extra={
        def.canCreate &&
        nav.create && (
          <Button type="primary" onClick={nav.create}>
            新建{def.noun}
          </Button>
        )
      }
    >
      {hasFilters && (
        <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          {def.searchField && (
            <Form.Item name="__q">
              <SearchInput
                placeholder="输入关键词搜索"
                allowClear
                onSearch={() => searchFormProps.form?.submit()}
                style={{ width: 220 }}
              />
            </Form.Item>
          )}
          {def.filters.map((f) => (
            <Form.Item key={f.field} name={f.field} label={f.label}>
              {f.type === 'enum' ? (
                <Select
                  allowClear
                  placeholder="全部"
                  style={{ minWidth: 140 }}
                  options={enumOptions(f.enumId!)}
                  mode={f.operator === 'in' ? 'multiple' : undefined}
                />
              ) : f.type === 'dateRange' ? (
                <DatePicker.RangePicker />
              ) : (
                <Input allowClear placeholder={`请输入${f.label}`} />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  searchFormProps.form?.resetFields();
                  searchFormProps.form?.submit();
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {tableQuery.isError ? (
        <LoadFailed
          error={tableQuery.error?.message || '网络错误 请稍后再试'}
          retry={() => void tableQuery.refetch()}
        />
      ) : (
        <Table
          {...tableProps}
          rowKey="id"
          columns={columns}
          scroll={{ x: true }}
          locale={{ emptyText: <Empty description={`暂无${def.noun}`} /> }}
          pagination={{ ...tableProps.pagination, showTotal: (t) => `共 ${t} 条`, showSizeChanger: true }}
        />
      )}
    </Card>
  );
}
