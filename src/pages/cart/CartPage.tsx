import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, App, Button, Card, Empty, Popconfirm, Result, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { get, request, type RequestError } from '../../dataProvider/axios';
import { useUser } from '../../components/user/UserContext';
import { ScenarioSelect } from '../../components/licence/ScenarioSelect';
import { formatMoney, notifyCartChanged } from '../../components/licence/money';
import { ensureLogin } from '../../components/licence/ensure-login';
import statusWork from '../../schemas/status/work.json';
import { tableLabel } from '../../schemas/registry';
import type { CartList, CartLine } from '../../schemas/api/trade-responses';
import { LoadFailed } from '../../components/feedback/LoadFailed';

/** `held`: the buyer already holds this material's licence for this scenario (the server refuses it again). */
type Line = CartLine;

/** A line that can go to checkout: still on sale and not a licence the buyer already holds. */
const buyable = (l: Line) => l.available && !l.held;
const HELD_TIP = '您已持有该素材此授权场景的授权，无需重复购买；如需用于其他用途，请更换授权场景';

/** /cart: lines with their licence, change or remove, choose a subset, see the total, check out. */
export default function CartPage() {
  const { user } = useUser();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [lines, setLines] = useState<Line[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [needLogin, setNeedLogin] = useState(false);
  // Everything available starts selected once; later reloads keep the user's choice, even an empty one.
  const selectionMade = useRef(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    setNeedLogin(false);
    try {
      const r = await get<CartList>('/api/trade/cart/list');
      setLines(r.list);
      const selectable = r.list.filter(buyable).map((l) => l.id);
      // Read the ref now: a state updater runs at the next render, after the ref below has flipped.
      const firstLoad = !selectionMade.current;
      selectionMade.current = true;
      setSelected((s) => (firstLoad ? selectable : s.filter((id) => selectable.includes(id))));
    } catch (e) {
      if ((e as RequestError).code === 401) setNeedLogin(true);
      else setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, []);
  // Reload when the user logs in or out (the token decides; the context may still be loading).
  useEffect(() => {
    selectionMade.current = false;
    void load();
  }, [user, load]);

  const heldLines = lines.filter((l) => l.available && l.held);
  const total = useMemo(
    () => lines.filter((l) => selected.includes(l.id)).reduce((s, l) => s + (l.priceCents ?? 0), 0),
    [lines, selected],
  );

  const change = async (id: number, scenario: string) => {
    try {
      await request('PUT', `/api/trade/cart/${id}`, { scenario }, { json: true });
      await load();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const remove = async (id: number) => {
    try {
      await request('DELETE', `/api/trade/cart/${id}`);
      notifyCartChanged();
      message.success('已移出购物车');
      await load();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  if (needLogin) {
    return (
      <Result
        status="info"
        title="登录后查看购物车"
        extra={
          <Button type="primary" onClick={async () => (await ensureLogin()) && load()}>
            登录
          </Button>
        }
      />
    );
  }
  return (
    <Card title="购物车">
      {error && <LoadFailed what="购物车" error={error} retry={() => void load()} />}
      {heldLines.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="cart-held-warning"
          message={`您已持有${heldLines.map((l) => `「${l.title}」的「${l.scenarioName}」`).join('、')}授权，无需重复购买`}
          description="这些素材不会被结算；如需用于其他用途，请更换授权场景，或将其移出购物车。"
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<Line>
        rowKey="id"
        loading={loading}
        dataSource={lines}
        pagination={false}
        locale={{
          emptyText: (
            <Empty description="购物车是空的">
              <Link to="/">去逛逛</Link>
            </Empty>
          ),
        }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (l) => ({ disabled: !buyable(l) }),
        }}
        columns={[
          {
            title: '素材',
            dataIndex: 'title',
            render: (t, l) =>
              !l.available ? (
                <Space>
                  <Typography.Text type="secondary">{t}</Typography.Text>
                  <Tag>{tableLabel(statusWork, 2)}</Tag>
                </Space>
              ) : (
                <Space>
                  <Link to={`/video/detail/${l.materialId}`}>{t}</Link>
                  {l.held && (
                    <Tooltip title={HELD_TIP}>
                      <Tag color="warning">已持有该授权</Tag>
                    </Tooltip>
                  )}
                </Space>
              ),
          },
          {
            title: '授权场景',
            dataIndex: 'scenario',
            render: (s, l) => (
              <ScenarioSelect value={s} basePriceCents={l.basePriceCents} onChange={(v) => change(l.id, v)} />
            ),
          },
          {
            title: '价格',
            dataIndex: 'priceCents',
            align: 'right',
            render: (p) => <Typography.Text type="danger">{formatMoney(p)}</Typography.Text>,
          },
          {
            title: '操作',
            key: 'op',
            render: (_, l) => (
              <Popconfirm title="确定移出购物车？" onConfirm={() => remove(l.id)}>
                <Button type="link" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }}>
        <span>已选 {selected.length} 件</span>
        <span>
          合计：
          <Typography.Text strong type="danger" data-testid="cart-total">
            {formatMoney(total)}
          </Typography.Text>
        </span>
        <Button
          type="primary"
          disabled={!selected.length}
          onClick={() => navigate(`/buy/cart?ids=${selected.join(',')}`)}
        >
          去结算
        </Button>
      </Space>
    </Card>
  );
}
