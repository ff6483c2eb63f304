import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BaseRecord } from '@refinedev/core';
import type { ColumnsType } from 'antd/es/table';
import type { ResourceDef } from '../types';
import { ResourceList } from './ResourceList';
import { ResourceForm, type EditNotice } from './ResourceForm';
import { ResourceShow, type ShowFooter } from './ResourceShow';

/**
 * A resource's whole page on its one route: list, ?action=create, ?action=edit&id=…, ?action=show&id=…
 * (the route table has one path per centre entry, so create/show/edit are views of that route).
 */
export function ResourcePage({
  def,
  showFooter,
  editNotice,
  listColumns,
}: {
  def: ResourceDef;
  showFooter?: ShowFooter;
  editNotice?: EditNotice;
  listColumns?: ColumnsType<BaseRecord>;
}) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const action = params.get('action');
  const id = params.get('id') ?? undefined;
  const go = (next: Record<string, string>) => setParams(next);
  const nav = {
    create: def.canCreate ? () => go({ action: 'create' }) : undefined,
    // A definition with its own detail page (showPath, ':id' for the id) opens that instead of the generated view.
    show: (rid: string | number) =>
      def.showPath
        ? navigate(def.showPath.replace(':id', encodeURIComponent(String(rid))))
        : go({ action: 'show', id: String(rid) }),
    edit: def.canEdit ? (rid: string | number) => go({ action: 'edit', id: String(rid) }) : undefined,
  };
  const toList = () => go({});

  if (action === 'create' && def.canCreate)
    return (
      <ResourceForm def={def} mode="create" onDone={(rid) => (rid ? nav.show(rid) : toList())} onCancel={toList} />
    );
  if (action === 'edit' && id && def.canEdit)
    return (
      <ResourceForm
        def={def}
        mode="edit"
        id={id}
        onDone={() => nav.show(id)}
        onCancel={toList}
        editNotice={editNotice}
      />
    );
  if (action === 'show' && id)
    return (
      <ResourceShow def={def} id={id} onBack={toList} onEdit={nav.edit && (() => nav.edit!(id))} footer={showFooter} />
    );
  return <ResourceList def={def} nav={nav} extraColumns={listColumns} />;
}

/** Helper for src/pages: a page component for one definition. */
export const resourcePage = (def: ResourceDef) =>
  function GeneratedResourcePage() {
    return <ResourcePage def={def} />;
  };
