import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { get } from '../../../dataProvider/axios';

interface Category {
  id: number;
  name: string;
  type: number;
}

const cache = new Map<number, Promise<Category[]>>();
/** The catalogue's categories of a material type (GET /api/index/categories), fetched once per type. */
function categoriesOf(type: number): Promise<Category[]> {
  if (!cache.has(type))
    cache.set(
      type,
      get<Category[] | { list: Category[] }>('/api/index/categories', { type })
        .then((r) => (Array.isArray(r) ? r : (r.list ?? [])))
        .catch((e) => {
          cache.delete(type);
          throw e;
        }),
    );
  return cache.get(type)!;
}

/** `"ui:widget": "materialCategory"`: a catalogue category of the form's material type (formContext.workType). */
export function MaterialCategoryWidget({
  id,
  value,
  onChange,
  disabled,
  readonly,
  formContext,
  placeholder,
}: WidgetProps) {
  const type = Number((formContext as { workType?: number } | undefined)?.workType ?? 1);
  const [options, setOptions] = useState<Category[] | null>(null);
  useEffect(() => {
    let alive = true;
    categoriesOf(type)
      .then((c) => alive && setOptions(c))
      .catch(() => alive && setOptions([]));
    return () => {
      alive = false;
    };
  }, [type]);
  return (
    <Select
      id={id}
      allowClear
      style={{ width: 240 }}
      placeholder={placeholder || '请选择分类'}
      loading={options === null}
      disabled={disabled || readonly}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? undefined)}
      options={(options ?? []).map((c) => ({ value: Number(c.id), label: c.name }))}
    />
  );
}
