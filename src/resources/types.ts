/**
 * How a list cell is drawn. Status and enum cells look their labels up in the schema registry
 * (src/schemas), so a label or colour changes in one place only.
 *   'status:<status-table-id>'  antd Tag coloured from the status table
 *   'enum:<enum-id>'            the enum value's Chinese label
 *   'money'                     cents -> ¥0.00
 *   'percent'                   50 -> 50%
 *   'datetime'                  ISO time -> YYYY-MM-DD HH:mm
 *   'text'                      as is
 */
export type ColumnRender = `status:${string}` | `enum:${string}` | 'money' | 'percent' | 'datetime' | 'text';

export interface ResourceColumn {
  dataIndex: string;
  title: string;
  render?: ColumnRender;
  /** Empty values draw '-' even in status cells (a sub-status most rows do not have). */
  optional?: boolean;
  sorter?: boolean;
  width?: number;
}

export interface ResourceFilter {
  field: string;
  label: string;
  type: 'enum' | 'text' | 'dateRange';
  /** Registry enum (or status table, prefixed 'status:') that supplies the options of an enum filter. */
  enumId?: string;
  /** Refine operator; the data provider maps it to the list convention (eq, contains, gte/lte, in). */
  operator: 'eq' | 'contains' | 'in' | 'between';
}

/** A row action beyond show/edit/delete: a POST to /api/<apiPath>/<id>/<action>. */
export interface ResourceRowAction {
  action: string;
  label: string;
  /** Shown only for rows whose `status` (or `whenField`) is one of these values. */
  whenStatus?: Array<number | string>;
  /** The row field whenStatus tests instead of `status` (e.g. a work's revision status). */
  whenField?: string;
  confirm?: string;
  /**
   * 'download' fetches /api/<apiPath>/<id>/<action> as a file instead of posting; 'link' opens the
   * client route `to`, where `{id}` stands for the row id (e.g. resuming a payment on /pay);
   * 'form' asks for the fields of the form `schemaId` in a dialog and posts them.
   */
  kind?: 'post' | 'download' | 'link' | 'form';
  to?: string;
  schemaId?: string;
}

/**
 * One resource of the generated views: the generic list/form/show views and the server module
 * behind /api/<apiPath> are driven by this definition and the form schema it names.
 */
export interface ResourceDef {
  /** Refine resource name (also the default page folder name). */
  name: string;
  /** Path under /api, e.g. 'protection/deposit'. */
  apiPath: string;
  /** Chinese title of the resource's page (发票管理). */
  title: string;
  /** What one record is called (发票): 新建…, 暂无…, …详情 read it, not the page title. */
  noun: string;
  /** Client route of the list; create/show/edit live on the same route with ?action=…&id=… */
  listPath: string;
  createPath?: string;
  showPath?: string;
  editPath?: string;
  /** $id of the form schema in the registry (src/schemas/forms): schemas are data, never written in TS. */
  schemaId?: string;
  /** New records autosave as drafts (/cyprotect/myspsdraft); the form must be listed in lumen:cyprotect/drafts. */
  draft?: boolean;
  /** Schema used for editing when it differs from creation (e.g. metadata-only edit). */
  editSchemaId?: string;
  columns: ResourceColumn[];
  filters: ResourceFilter[];
  /** Field searched by the keyword box (operator contains). */
  searchField?: string;
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Which row statuses may be edited (all when absent). */
  editableStatus?: Array<number | string>;
  rowActions?: ResourceRowAction[];
  /** The create form carries files: it is posted as multipart (fields JSON + files). */
  multipart?: boolean;
  /** Parent menu group (account, creator, cyprotect) for Refine's resource meta. */
  parent?: string;
}
