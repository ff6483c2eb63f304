import { useState } from 'react';
import { App, Button, Popconfirm } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useNavigate } from 'react-router-dom';
import { download, request } from '../../dataProvider/axios';
import type { ResourceDef, ResourceRowAction } from '../types';

/** Extra per-row actions of a definition (state transitions, certificate downloads). */
export function RowActions({ def, row, onDone }: { def: ResourceDef; row: BaseRecord; onDone: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const visible = (def.rowActions ?? []).filter((a) => !a.whenStatus || a.whenStatus.includes(row.status));

  const run = async (a: ResourceRowAction) => {
    setBusy(a.action);
    try {
      const url = `/api/${def.apiPath}/${row.id}/${a.action}`;
      if (a.kind === 'download') await download(url, undefined, `${a.label}.pdf`);
      else {
        await request('POST', url, {}, { json: true });
        message.success(`${a.label}成功`);
        onDone();
      }
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {visible.map((a) => {
        if (a.kind === 'link') {
          const to = (a.to ?? '').replace('{id}', encodeURIComponent(String(row.id)));
          return <Button key={a.action} type="link" size="small" onClick={() => navigate(to)}>{a.label}</Button>;
        }
        const btn = (
          <Button key={a.action} type="link" size="small" loading={busy === a.action} onClick={a.confirm ? undefined : () => run(a)}>
            {a.label}
          </Button>
        );
        return a.confirm ? (
          <Popconfirm key={a.action} title={a.confirm} onConfirm={() => run(a)}>
            {btn}
          </Popconfirm>
        ) : (
          btn
        );
      })}
    </>
  );
}
