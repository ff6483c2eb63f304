import { Select } from 'antd';
import { useUser } from '../user/UserContext';
import { levelOf } from '../../schemas/licence/use-cases';
import { useUseCases } from './use-use-cases';
import { formatMoney } from './money';

/** A compact scenario chooser (cart lines): scenarios the account may not buy are disabled. */
export function ScenarioSelect({
  value,
  basePriceCents,
  onChange,
  disabled,
}: {
  value: string;
  basePriceCents: number;
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  const { user } = useUser();
  const { levels, useCases, accountAllows, priceOf } = useUseCases();
  const account = user ? { ownerType: user.ownerType, enhancedAuth: user.enhancedAuth } : null;
  return (
    <Select
      value={value}
      style={{ width: 260 }}
      disabled={disabled}
      onChange={onChange}
      options={useCases.map((u) => {
        const level = levelOf(u);
        const allowed = !account || accountAllows(account, level);
        return {
          value: u.id,
          disabled: !allowed,
          label: `${u.name}（${levels[level].name}）${formatMoney(priceOf(basePriceCents, u))}${allowed ? '' : ' · 当前账号不可选'}`,
        };
      })}
    />
  );
}
