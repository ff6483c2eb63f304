import { InputNumber, Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { currentSchema } from '../../../schemas/registry';
import { LEVEL_ORDER, USE_CASES_ID, type LevelDef, type LicenceLevel } from '../../../schemas/licence/use-cases';
import { formatMoney } from '../../../resources/views/cells';

/**
 * `"ui:widget": "licencePrice"`: the personal-licence price in yuan, with the licence price table it
 * implies (each level's multiplier from lumen:licence/use-cases, what checkout charges).
 */
export function LicencePriceWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const levels = (currentSchema(USE_CASES_ID)?.['x-levels'] ?? {}) as Record<LicenceLevel, LevelDef>;
  const cents = typeof value === 'number' ? Math.round(value * 100) : null;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <InputNumber
        id={id}
        min={0}
        max={100000}
        precision={2}
        prefix="¥"
        style={{ width: 200 }}
        value={value ?? null}
        disabled={disabled || readonly}
        onChange={(v) => onChange(v === null ? undefined : v)}
      />
      <Typography.Text type="secondary" data-testid="licence-price-table">
        {LEVEL_ORDER.filter((l) => levels[l])
          .map((l) => `${levels[l].name} ${cents === null ? '—' : formatMoney(cents * levels[l].multiplier)}`)
          .join(' · ')}
      </Typography.Text>
    </Space>
  );
}
