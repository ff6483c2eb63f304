import { FileMetaWidget } from './FileMetaWidget';
import { InvoiceOrdersWidget } from './InvoiceOrdersWidget';
import { InvoiceTitleWidget } from './InvoiceTitleWidget';
import { NotaryEvidenceWidget } from './NotaryEvidenceWidget';
import { LicencePriceWidget } from './LicencePriceWidget';
import { MaterialCategoryWidget } from './MaterialCategoryWidget';

/** Widgets the project's forms refer to by name in their uiSchema ("ui:widget"). */
export const schemaWidgets = {
  lumenFile: FileMetaWidget,
  invoiceOrders: InvoiceOrdersWidget,
  invoiceTitle: InvoiceTitleWidget,
  notaryEvidence: NotaryEvidenceWidget,
  licencePrice: LicencePriceWidget,
  materialCategory: MaterialCategoryWidget,
};
