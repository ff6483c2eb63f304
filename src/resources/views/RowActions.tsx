import { useState } from 'react';
import { App, Button, Popconfirm } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useNavigate } from 'react-router-dom';
import { download, request } from '../../dataProvider/axios';
import type { ResourceDef, ResourceRowAction } from '../types';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';

/** Whether an action applies to a row (by its status, or by the field the action names). */
export const actionVisible = (a: ResourceRowAction, row: BaseRecord) =>
  !a.whenStatus || a.whenStatus.includes(row[a.whenField ?? 'status']);

/**
 * A link action's client route: `{field}` stands for the row's field, URL-encoded, except a field
 * that is itself a client path (starts with '/', e.g. a service's records page) which is used as is.
 */
export function linkTarget(template: string, row: BaseRecord): string {
  return template.replace(/\{(\w+)\}/g, (_, f: string) => {
    const v = String(row[f] ?? '');
    return v.startsWith('/') ? v : encodeURIComponent(v);
  });
}

/** Extra per-row actions of a definition (state transitions, certificate downloads, short forms). */
export function RowActions({ def, row, onDone }: { def: ResourceDef; row: BaseRecord; onDone: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [formAction, setFormAction] = useState<ResourceRowAction | null>(null);
  const visible = (def.rowActions ?? []).filter((a) => actionVisible(a, row));
  const urlOf = (a: ResourceRowAction) => `/api/${def.apiPath}/${row.id}/${a.action}`;

  const run = async (a: ResourceRowAction) => {
    setBusy(a.action);
    try {
      if (a.kind === 'download') await download(urlOf(a), undefined, `${a.label}.pdf`);
      else {
        await request('POST', urlOf(a), {}, { json: true });
        message.success(`${a.label}成功`);
        onDone();
      }
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const submitForm = async (a: ResourceRowAction, data: Record<string, any>) => {
    await request('POST', urlOf(a), data, { json: true });
    message.success(`${a.label}成功`);
    setFormAction(null);
    onDone();
  };

  return (
    <>
      {visible.map((a, i) => {
        const key = `${a.action}-${i}`;
        if (a.kind === 'link') {
          const to = linkTarget(a.to ?? '', row);
          return (
            <Button key={key} type="link" size="small" onClick={() => navigate(to)}>
              {a.label}
            </Button>
          );
        }
        if (a.kind === 'form')
          return (
            <Button key={key} type="link" size="small" onClick={() => setFormAction(a)}>
              {a.label}
            </Button>
          );
        const btn = (
          <Button
            key={key}
            type="link"
            size="small"
            loading={busy === a.action}
            onClick={a.confirm ? undefined : () => run(a)}
          >
            {a.label}
          </Button>
        );
        return a.confirm ? (
          <Popconfirm key={key} title={a.confirm} onConfirm={() => run(a)}>
            {btn}
          </Popconfirm>
        ) : (
          btn
        );
      })}
      {formAction?.schemaId && (
        <SchemaFormModal
          open
          schemaId={formAction.schemaId}
          title={formAction.label}
          onCancel={() => setFormAction(null)}
          onSubmit={(data) => submitForm(formAction, data)}
        />
      )}
    </>
  );
}
