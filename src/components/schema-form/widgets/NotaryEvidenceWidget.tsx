import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { get } from '../../../dataProvider/axios';
import { LoadFailed } from '../../feedback/LoadFailed';

interface Evidence {
  value: string;
  type: 'deposit' | 'registration';
  title: string;
  certNo: string;
}

/**
 * `"ui:widget": "notaryEvidence"`: picks one of the user's attestable evidence items (completed
 * deposits, issued registrations) from GET /api/protection/notarization/evidence; the value is "type:id".
 */
export function NotaryEvidenceWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const [items, setItems] = useState<Evidence[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<{ list: Evidence[] }>('/api/protection/notarization/evidence').then(
      (r) => setItems(r.list),
      (e: Error) => setError(e.message),
    );
  }, []);
  if (error) return <LoadFailed what="证据" error={error} />;
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v) => onChange(v)}
      disabled={disabled || readonly}
      loading={items === null}
      placeholder="选择已完成的存证或已发证的登记"
      notFoundContent="暂无可公证的证据：请先完成存证或版权登记"
      options={(items ?? []).map((e) => ({
        value: e.value,
        label: `${e.type === 'deposit' ? '存证' : '登记'} · ${e.title} · ${e.certNo}`,
      }))}
    />
  );
}
