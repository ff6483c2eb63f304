import { FileMetaWidget } from './FileMetaWidget';
import { InvoiceOrdersWidget } from './InvoiceOrdersWidget';
import { NotaryEvidenceWidget } from './NotaryEvidenceWidget';
import { LicencePriceWidget } from './LicencePriceWidget';
import { MaterialCategoryWidget } from './MaterialCategoryWidget';

/** Widgets the project's forms refer to by name in their uiSchema ("ui:widget"). */
export const schemaWidgets = {
  lumenFile: FileMetaWidget,
  invoiceOrders: InvoiceOrdersWidget,
  notaryEvidence: NotaryEvidenceWidget,
  licencePrice: LicencePriceWidget,
  materialCategory: MaterialCategoryWidget,
};
