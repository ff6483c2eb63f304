import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, Card, Result, Typography } from 'antd';
import { catalogueApi } from '../../components/material/api';
import { RemoteState } from '../../components/material/RemoteState';
import { SearchResults } from '../../components/material/SearchResults';
import { useRemote } from '../../components/material/useRemote';
import { useSearchState } from '../../components/material/useSearchState';
import { TYPE_LABELS } from '../../components/material/format';

/** /material/:cid — one category's materials with sort, duration (video) and pagination in the URL. */
export default function MaterialPage() {
  const cid = Number(useParams().cid);
  const category = useRemote(
    () => (Number.isInteger(cid) && cid > 0 ? catalogueApi.category(cid) : Promise.reject(new Error('分类不存在'))),
    [cid],
  );
  const fixed = useMemo(() => ({ categoryId: cid, type: category.data?.type }), [cid, category.data?.type]);
  const { state, update } = useSearchState(fixed);
  if (category.error?.message === '分类不存在')
    return <Result status="404" title="分类不存在" extra={<Link to="/">返回首页</Link>} />;
  return (
    <RemoteState {...category} rows={8}>
      {(c) => (
        <Card data-testid="category-page">
          <Breadcrumb
            items={[{ title: <Link to="/">首页</Link> }, { title: TYPE_LABELS[c.type] }, { title: c.name }]}
          />
          <Typography.Title level={3} style={{ marginTop: 16 }}>
            {c.name}
          </Typography.Title>
          <SearchResults state={state} update={update} showType={false} showCategory={false} />
        </Card>
      )}
    </RemoteState>
  );
}
