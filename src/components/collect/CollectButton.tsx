import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Divider, Empty, Input, Popover, Space, Spin } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { get, postJson, request } from '../../dataProvider/axios';
import { ensureLogin } from '../licence/ensure-login';
import { useUser } from '../user/UserContext';
import type { CollectAlbum } from '../../schemas/api/collect-responses';

type Album = CollectAlbum;

/** Collect a material into one or more of the user's named albums (creating one on the spot). */
export default function CollectButton({ materialId }: { materialId: number }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [albums, setAlbums] = useState<Album[]>([]);
  const [holding, setHolding] = useState<number[]>([]);
  const [name, setName] = useState('');
  const { user } = useUser();

  // Shows 已收藏 as soon as the page opens for a signed-in user who already collected the item.
  useEffect(() => {
    if (!user) return setHolding([]);
    let live = true;
    get<{ albumIds: number[] }>(`/api/collect/material/${materialId}`).then(
      (r) => live && setHolding(r.albumIds),
      () => {}, // the button still works; opening the panel reloads and reports errors
    );
    return () => {
      live = false;
    };
  }, [user, materialId]);

  const load = async () => {
    setLoading(true);
    try {
      const [list, held] = await Promise.all([
        get<{ list: Album[] }>('/api/collect/list', { pageSize: 100 }),
        get<{ albumIds: number[] }>(`/api/collect/material/${materialId}`),
      ]);
      setAlbums(list.list);
      setHolding(held.albumIds);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  const toggleOpen = async (next: boolean) => {
    if (next && !(await ensureLogin())) return;
    setOpen(next);
    if (next) void load();
  };
  const toggle = async (albumId: number, on: boolean) => {
    try {
      if (on) await postJson(`/api/collect/${albumId}/items`, { materialId });
      else await request('DELETE', `/api/collect/${albumId}/items/${materialId}`);
      setHolding((h) => (on ? [...h, albumId] : h.filter((x) => x !== albumId)));
      message.success(on ? '收藏成功' : '已取消收藏');
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const create = async () => {
    if (!name.trim()) return message.warning('请输入收藏夹名称');
    try {
      const a = await postJson<Album>('/api/collect', { name: name.trim() });
      setName('');
      setAlbums((x) => [a, ...x]);
      await toggle(a.id, true);
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const content = (
    <div style={{ width: 240 }} data-testid="collect-panel">
      {/* The new-album row first, in a panel opening downwards: the list grows when it has
          loaded, and a row under it (or a panel growing upwards) moved between a look and a
          click, so a click on 新建 could land on the list. */}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder="新建收藏夹"
          maxLength={30}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={create}
        />
        <Button type="primary" onClick={create}>
          新建
        </Button>
      </Space.Compact>
      <Divider style={{ margin: '8px 0' }} />
      {loading ? (
        <Spin />
      ) : albums.length === 0 ? (
        <Empty description="还没有收藏夹" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space direction="vertical">
          {albums.map((a) => (
            <Checkbox key={a.id} checked={holding.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)}>
              {a.name}
            </Checkbox>
          ))}
        </Space>
      )}
    </div>
  );
  return (
    <Popover open={open} onOpenChange={toggleOpen} trigger="click" placement="bottom" title="收藏到" content={content}>
      <Button
        icon={holding.length ? <HeartFilled style={{ color: '#f5222d' }} /> : <HeartOutlined />}
        data-material={materialId}
      >
        {holding.length ? '已收藏' : '收藏'}
      </Button>
    </Popover>
  );
}
