import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, App, Button, Card, Radio, Space, Tag, Typography } from 'antd';
import { ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useUser } from '../user/UserContext';
import { post } from '../../dataProvider/axios';
import { LEVEL_ORDER, levelOf } from '../../schemas/licence/use-cases';
import { useUseCases } from './use-use-cases';
import { formatMoney, notifyCartChanged } from './money';
import { ensureLogin } from './ensure-login';

export interface LicenceMaterial {
  id: number;
  type: number;
  title: string;
  priceCents: number;
}

const LEVEL_COLOR = { personal: 'blue', company: 'gold', enhanced: 'magenta' } as const;

/** Licence scenario/level picker with price, add to cart and buy now. Prices shown here are the server's formula from the same table. */
export default function LicencePicker({ material }: { material: LicenceMaterial }) {
  const { user } = useUser();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { levels: LEVELS, useCases, accountAllows, priceOf, refusalFor } = useUseCases();
  const [scenario, setScenario] = useState(useCases[0].id);
  const [adding, setAdding] = useState(false);
  // A staff edit may remove the chosen scenario: fall back to the first one.
  const chosen = useCases.find((u) => u.id === scenario) ?? useCases[0];
  const account = user ? { ownerType: user.ownerType, enhancedAuth: user.enhancedAuth } : null;
  const refusal = account ? refusalFor(account, chosen) : null;
  const groups = useMemo(
    () => LEVEL_ORDER.map((level) => ({ level, cases: useCases.filter((u) => levelOf(u) === level) })),
    [useCases],
  );

  const addToCart = async () => {
    if (!(await ensureLogin())) return;
    setAdding(true);
    try {
      await post('/api/trade/cart', { materialId: material.id, scenario: chosen.id }, { json: true });
      notifyCartChanged();
      message.success('已加入购物车');
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setAdding(false);
    }
  };
  const buyNow = async () => {
    if (!(await ensureLogin())) return;
    navigate(`/buy/direct?materialId=${material.id}&scenario=${chosen.id}`);
  };

  return (
    <Card title="选择授权" data-testid="licence-picker">
      <Radio.Group value={chosen.id} onChange={(e) => setScenario(e.target.value)} style={{ width: '100%' }}>
        {groups.map(({ level, cases }) => (
          <div key={level} style={{ marginBottom: 12 }}>
            <Space style={{ marginBottom: 4 }}>
              <Tag color={LEVEL_COLOR[level]}>{LEVELS[level].name}</Tag>
              <Typography.Text type="secondary">{LEVELS[level].explain}</Typography.Text>
            </Space>
            <Space direction="vertical" style={{ width: '100%' }}>
              {cases.map((u) => (
                <Radio key={u.id} value={u.id}>
                  <Space>
                    <span>{u.name}</span>
                    <Typography.Text type="danger">{formatMoney(priceOf(material.priceCents, u))}</Typography.Text>
                    {account && !accountAllows(account, level) && <Tag>当前账号不可购买</Tag>}
                  </Space>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {u.description}
                    </Typography.Text>
                  </div>
                </Radio>
              ))}
            </Space>
          </div>
        ))}
      </Radio.Group>
      {refusal && <Alert type="warning" showIcon message={refusal} style={{ marginBottom: 12 }} />}
      <Space>
        <Typography.Text>
          价格：
          <Typography.Text strong type="danger" data-testid="licence-price">
            {formatMoney(priceOf(material.priceCents, chosen))}
          </Typography.Text>
        </Typography.Text>
        <Button icon={<ShoppingCartOutlined />} loading={adding} disabled={!!refusal} onClick={addToCart}>
          加入购物车
        </Button>
        <Button type="primary" icon={<ThunderboltOutlined />} disabled={!!refusal} onClick={buyNow}>
          立即购买
        </Button>
      </Space>
    </Card>
  );
}
