import type { ReactNode } from 'react';
import { Card, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { LoadFailed } from '../feedback/LoadFailed';

/**
 * A paged list over the /api list convention (Refine useTable through the shared data provider),
 * with loading, empty and error states. Used by the account pages of the trade area.
 */
export function ListCard<T extends object>({
  title,
  apiPath,
  columns,
  filters,
  empty,
  extra,
  rowKey = 'id',
}: {
  title: string;
  apiPath: string;
  columns: ColumnsType<T>;
  filters?: CrudFilters;
  empty: ReactNode;
  extra?: ReactNode;
  rowKey?: string;
}) {
  const { tableProps, tableQuery } = useTable<any>({
    resource: apiPath.replace(/\//g, '-'),
    meta: { apiPath },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    filters: { permanent: filters ?? [] },
    errorNotification: false,
  });
  return (
    <Card title={title} extra={extra}>
      {tableQuery.isError && <LoadFailed error={tableQuery.error} retry={() => void tableQuery.refetch()} />}
      <Table<T>
        {...(tableProps as any)}
        rowKey={rowKey}
        columns={columns}
        locale={{ emptyText: <Empty description={empty} /> }}
      />
    </Card>
  );
}
