import { useEffect, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { get } from '../../../dataProvider/axios';
import type { InvoiceTitle } from '../../../schemas/api/invoice';

/** What a form host lets a widget do beyond its own field: fill sibling fields at once. */
export interface PatchFormContext {
  patchForm?: (patch: Record<string, unknown>) => void;
}

/**
 * `"ui:widget": "invoiceTitle"`: the invoice title, typed or picked from the titles saved by earlier
 * requests (GET /api/user/invoice/titles); picking one also fills its tax number and bank details.
 * Without saved titles (or signed out) it is a plain text box.
 */
export function InvoiceTitleWidget({ id, value, onChange, disabled, readonly, formContext, placeholder }: WidgetProps) {
  const [titles, setTitles] = useState<InvoiceTitle[]>([]);
  useEffect(() => {
    get<InvoiceTitle[]>('/api/user/invoice/titles')
      .then(setTitles)
      .catch(() => setTitles([])); // the field stays usable: saved titles are a convenience
  }, []);
  const patch = (formContext as PatchFormContext | undefined)?.patchForm;
  const pick = (name: string) => {
    const t = titles.find((x) => x.title === name);
    if (!t || !patch) return onChange(name);
    const fields = Object.fromEntries(
      Object.entries({
        taxId: t.taxId,
        bankName: t.bankName,
        bankAccount: t.bankAccount,
        address: t.address,
        phone: t.phone,
      }).filter(([, v]) => v),
    );
    patch({ title: t.title, ...fields });
  };
  return (
    <AutoComplete
      id={id}
      value={value ?? ''}
      disabled={disabled || readonly}
      options={titles.map((t) => ({ value: t.title, label: t.taxId ? `${t.title}（${t.taxId}）` : t.title }))}
      onSelect={pick}
      onChange={(v) => onChange(v === '' ? undefined : v)}
      filterOption={(input, option) => String(option?.value ?? '').includes(input)}
    >
      <Input
        placeholder={placeholder || (titles.length ? '输入或选择常用发票抬头' : '请输入发票抬头')}
        data-testid="invoice-title-input"
      />
    </AutoComplete>
  );
}
