import { Select } from 'antd';
import { useUser } from '../user/UserContext';
import { LEVELS, USE_CASES, accountAllows, levelOf, priceOf } from '../../schemas/licence/use-cases';
import { formatMoney } from './money';

/** A compact scenario chooser (cart lines): scenarios the account may not buy are disabled. */
export function ScenarioSelect({ value, basePriceCents, onChange, disabled }: { value: string; basePriceCents: number; onChange: (v: string) => void; disabled?: boolean }) {
  const { user } = useUser();
  const account = user ? { ownerType: user.ownerType, enhancedAuth: user.enhancedAuth } : null;
  return (
    <Select
      value={value}
      style={{ width: 260 }}
      disabled={disabled}
      onChange={onChange}
      options={USE_CASES.map((u) => {
        const level = levelOf(u);
        const allowed = !account || accountAllows(account, level);
        return {
          value: u.id,
          disabled: !allowed,
          label: `${u.name}（${LEVELS[level].name}）${formatMoney(priceOf(basePriceCents, u))}${allowed ? '' : ' · 当前账号不可选'}`,
        };
      })}
    />
  );
}
