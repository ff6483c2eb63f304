import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Refine, type DataProvider } from '@refinedev/core';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { ResourceForm } from '../../../src/resources/views/ResourceForm';
import { registrations } from '../../../src/resources';
import { editSchema, editUiSchema } from '../../../src/schemas/edit-variant';
import { formOf } from '../../../src/schemas';

const record = {
  id: 5,
  workName: '山川组图',
  workCategory: 1,
  authorName: '山川',
  ownership: 'oneself',
  acquisition: 'original',
  nature: 'original',
  rights: ['publication'],
  completionDate: '2026-10-01',
  service: 1,
  media: 1,
  files: [{ name: '组图1.jpg', size: 1000, type: 'image/jpeg' }],
  status: 0,
};

function renderForm(mode: 'create' | 'edit') {
  const dp = {
    getOne: async () => ({ data: record }),
    getList: async () => ({ data: [], total: 0 }),
    getApiUrl: () => '/api',
  } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AntdApp>
        <Refine
          dataProvider={dp}
          resources={[{ name: registrations.name, meta: { apiPath: registrations.apiPath } }]}
          options={{ disableTelemetry: true }}
        >
          <ResourceForm def={registrations} mode={mode} id={mode === 'edit' ? 5 : undefined} />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

describe('registration edit form (derived edit variant)', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('derives the variant from the form: no file field anywhere, work category read-only', () => {
    const { schema, uiSchema } = formOf('lumen:forms/registration');
    const edit = editSchema(schema);
    expect(schema.properties.files).toBeDefined();
    expect(edit.properties.files).toBeUndefined();
    expect(edit.required).not.toContain('files');
    expect(JSON.stringify(edit.dependencies)).not.toContain('x-file-rule');
    expect(edit.properties.workCategory.readOnly).toBe(true);
    const ui = editUiSchema(uiSchema, schema['x-edit']);
    expect(ui['ui:order']).not.toContain('files');
    expect(ui.files).toBeUndefined();
  });

  it('edit mode hides the file widget and locks the work category; create mode shows both', async () => {
    renderForm('edit');
    expect(await screen.findByDisplayValue('山川组图')).toBeInTheDocument();
    expect(screen.queryByText('作品文件')).toBeNull();
    const category = screen.getByLabelText(/作品类别/);
    expect(category.closest('.ant-select')!.className).toContain('ant-select-disabled');
    cleanup();

    renderForm('create');
    expect(await screen.findByText('作品文件')).toBeInTheDocument();
    expect(screen.getByLabelText(/作品类别/).closest('.ant-select')!.className).not.toContain('ant-select-disabled');
  });
});
