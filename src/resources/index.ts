import type { ResourceProps } from '@refinedev/core';
import type { ResourceDef } from './types';
import { works } from './works';
import { deposits } from './deposits';
import { registrations, dciRegistrations } from './registrations';
import { invoices } from './invoices';
import { withdrawals } from './withdrawals';
import { orders } from './orders';
import { sales } from './sales';
import { serviceOrders, serviceInvoices } from './service-orders';
import { notarizations } from './notarizations';
import { imagePackages, imageDownloads, imageInvoices } from './image-packages';
import { invitedUsers } from './invites';

/** Every generated-view resource (orders, of the trade domain, are added in ./orders.ts). */
export const resourceDefs: ResourceDef[] = [
  works,
  deposits,
  registrations,
  dciRegistrations,
  invoices,
  withdrawals,
  orders,
  sales,
  serviceOrders,
  serviceInvoices,
  notarizations,
  imagePackages,
  imageDownloads,
  imageInvoices,
  invitedUsers,
];

/** A definition as a Refine resource: one route, create/show/edit as query actions of it. */
export function toRefineResource(d: ResourceDef): ResourceProps {
  return {
    name: d.name,
    list: d.listPath,
    create: d.canCreate ? (d.createPath ?? `${d.listPath}?action=create`) : undefined,
    edit: d.canEdit ? (d.editPath ?? `${d.listPath}?action=edit&id=:id`) : undefined,
    show: d.showPath ?? `${d.listPath}?action=show&id=:id`,
    meta: { apiPath: d.apiPath, label: d.title, parent: d.parent, canDelete: d.canDelete },
  };
}

/** For <Refine resources={refineResources}> in App.tsx. */
export const refineResources: ResourceProps[] = resourceDefs.map(toRefineResource);

export type { ResourceDef } from './types';
export {
  works,
  deposits,
  registrations,
  dciRegistrations,
  invoices,
  withdrawals,
  orders,
  sales,
  serviceOrders,
  serviceInvoices,
  notarizations,
  imagePackages,
  imageDownloads,
  imageInvoices,
  invitedUsers,
};
