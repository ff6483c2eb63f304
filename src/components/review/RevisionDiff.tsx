import { Table, Typography } from 'antd';
import { currentSchema } from '../../schemas';
import type { ContentChange } from '../../schemas/api/review';

const show = (field: ContentChange['field'], v: unknown): string => {
  if (field === 'price') return `¥${Number(v).toFixed(2)}`;
  if (Array.isArray(v)) return v.length ? v.join('、') : '（无）';
  return v === '' || v === null || v === undefined ? '（空）' : String(v);
};

/** Field-by-field: the version on sale and what the revision proposes (labels from lumen:forms/work). */
export function RevisionDiff({ diff }: { diff: ContentChange[] }) {
  const props = currentSchema('lumen:forms/work')?.properties ?? {};
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={diff}
      columns={[
        { key: 'field', title: '字段', width: 140, render: (_, c) => props[c.field]?.title ?? c.field },
        {
          key: 'before',
          title: '在售版本',
          render: (_, c) => (
            <Typography.Text delete type="secondary">
              {show(c.field, c.before)}
            </Typography.Text>
          ),
        },
        {
          key: 'after',
          title: '修改为',
          render: (_, c) => <Typography.Text mark>{show(c.field, c.after)}</Typography.Text>,
        },
      ]}
    />
  );
}
