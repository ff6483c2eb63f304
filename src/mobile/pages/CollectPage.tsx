import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, ErrorBlock, Input, List, Switch, Toast } from 'antd-mobile';
import { get, postJson, request } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import type { CollectAlbum } from '../../schemas/api/collect-responses';
import { Remote } from '../parts/Remote';

/** /collect: my albums (收藏夹) — open, share publicly, create, delete; the same calls as the desktop's. */
export default function CollectPage() {
  const navigate = useNavigate();
  const albums = useRemote(() => get<{ list: CollectAlbum[] }>('/api/collect/list', { pageSize: 100 }), []);
  const [name, setName] = useState('');
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      Toast.show({ icon: 'success', content: ok });
      albums.reload();
    } catch (e) {
      Toast.show({ icon: 'fail', content: (e as Error).message });
    }
  };
  const create = async () => {
    const n = name.trim();
    if (!n) return Toast.show({ content: '请输入收藏夹名称' });
    await act(() => postJson('/api/collect', { name: n }), '收藏夹已创建');
    setName('');
  };
  const remove = async (a: CollectAlbum) => {
    if (
      await Dialog.confirm({
        content: `删除“${a.name}”后其中的收藏也会移除，确定删除？`,
        confirmText: '删除',
        cancelText: '取消',
      })
    )
      await act(() => request('DELETE', `/api/collect/${a.id}`), '收藏夹已删除');
  };
  return (
    <div className="m-page" data-testid="m-collect">
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input
          placeholder="新收藏夹名称"
          value={name}
          onChange={setName}
          maxLength={30}
          aria-label="新收藏夹名称"
          style={{ flex: 1, border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 8px', minHeight: 32 }}
        />
        <Button color="primary" size="small" onClick={() => void create()}>
          新建
        </Button>
      </div>
      <Remote state={albums}>
        {(r) =>
          r.list.length ? (
            <List>
              {r.list.map((a) => (
                <List.Item
                  key={a.id}
                  data-testid="m-collect-album"
                  onClick={() => navigate(`/collect/detail/${a.id}`)}
                  description={
                    <span
                      onClick={(e) => e.stopPropagation()}
                      style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}
                    >
                      {a.itemCount} 个素材 · 公开分享
                      <Switch
                        checked={a.shared}
                        aria-label={`公开分享 ${a.name}`}
                        style={{ '--height': '24px', '--width': '40px' }}
                        onChange={(v) =>
                          void act(
                            () => request('PUT', `/api/collect/${a.id}`, { shared: v }, { json: true }),
                            v ? '已开启分享' : '已关闭分享',
                          )
                        }
                      />
                    </span>
                  }
                  extra={
                    <Button
                      size="small"
                      fill="none"
                      aria-label={`删除 ${a.name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        void remove(a);
                      }}
                    >
                      删除
                    </Button>
                  }
                >
                  {a.name}
                </List.Item>
              ))}
            </List>
          ) : (
            <ErrorBlock status="empty" title="还没有收藏夹" description="在素材详情页点击“收藏”即可收藏" />
          )
        }
      </Remote>
    </div>
  );
}
