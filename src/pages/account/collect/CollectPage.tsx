import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { App, Button, Card, Empty, Input, List, Modal, Popconfirm, Space, Spin, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { get, postJson, request } from '../../../dataProvider/axios';
import type { CollectAlbum } from '../../../schemas/api/collect-responses';
import { LoadFailed } from '../../../components/feedback/LoadFailed';

type Album = CollectAlbum;

/** /account/collect: my named albums — create, rename, share, delete. */
export default function CollectPage() {
  const { message } = App.useApp();
  const [albums, setAlbums] = useState<Album[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id?: number; name: string } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setAlbums((await get<{ list: Album[] }>('/api/collect/list', { pageSize: 100 })).list);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      message.success(ok);
      await load();
      return true;
    } catch (e) {
      message.error((e as Error).message);
      return false;
    }
  };
  const save = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) return message.warning('请输入收藏夹名称');
    const done = await act(
      () =>
        editing.id
          ? request('PUT', `/api/collect/${editing.id}`, { name }, { json: true })
          : postJson('/api/collect', { name }),
      editing.id ? '已重命名' : '收藏夹已创建',
    );
    if (done) setEditing(null);
  };

  return (
    <Card
      title="我的收藏"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ name: '' })}>
          新建收藏夹
        </Button>
      }
    >
      {error && <LoadFailed what="收藏夹" error={error} retry={() => void load()} />}
      <Spin spinning={loading}>
        <List
          dataSource={albums}
          locale={{ emptyText: <Empty description="还没有收藏夹，在素材详情页点击“收藏”即可收藏" /> }}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Space key="share">
                  <span>公开分享</span>
                  <Switch
                    size="small"
                    checked={a.shared}
                    onChange={(v) =>
                      act(
                        () => request('PUT', `/api/collect/${a.id}`, { shared: v }, { json: true }),
                        v ? '已开启分享' : '已关闭分享',
                      )
                    }
                  />
                </Space>,
                <Button key="rename" type="link" onClick={() => setEditing({ id: a.id, name: a.name })}>
                  重命名
                </Button>,
                <Popconfirm
                  key="del"
                  title="删除收藏夹后其中的收藏也会移除，确定删除？"
                  onConfirm={() => act(() => request('DELETE', `/api/collect/${a.id}`), '收藏夹已删除')}
                >
                  <Button type="link" danger>
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={<Link to={`/account/collect/detail/${a.id}`}>{a.name}</Link>}
                description={
                  <Space>
                    {`${a.itemCount} 个素材`}
                    {a.shared && (
                      <Tag color="green">
                        <Link to={`/personalcollect/${a.id}`}>分享链接</Link>
                      </Tag>
                    )}
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Spin>
      <Modal
        open={!!editing}
        title={editing?.id ? '重命名收藏夹' : '新建收藏夹'}
        onOk={save}
        onCancel={() => setEditing(null)}
        okText="保存"
        cancelText="取消"
        destroyOnClose
      >
        <Input
          autoFocus
          maxLength={30}
          showCount
          placeholder="收藏夹名称"
          value={editing?.name}
          onChange={(e) => setEditing((x) => x && { ...x, name: e.target.value })}
          onPressEnter={save}
        />
      </Modal>
    </Card>
  );
}
