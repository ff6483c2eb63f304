import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/antd';
import { formOf, schemas } from '../../../src/schemas';
import { rjsfValidator } from '../../../src/components/schema-form/rjsf-validator';
import { schemaWidgets } from '../../../src/components/schema-form/widgets';
import { dropUnselectedBranchErrors } from '../../../src/schemas/branch-errors';
import { resourceDefs } from '../../../src/resources';

// As ResourceForm shows them: errors of unselected dependency branches dropped.
const validate = (id: string, data: unknown) =>
  dropUnselectedBranchErrors(rjsfValidator.validateFormData(data, formOf(id).schema).errors).map((e) => e.message);

describe('resource forms under the shared validator', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('every resource with a form names a registered form schema (no schema written in TS)', () => {
    // Read-only lists (sales) have no form at all.
    for (const d of resourceDefs.filter((x) => x.canCreate || x.canEdit || x.schemaId)) {
      expect(d.schemaId, d.name).toMatch(/^lumen:forms\//);
      expect(schemas[d.schemaId!], d.name).toBeDefined();
      expect(d).not.toHaveProperty('form');
    }
    expect(formOf('lumen:forms/order').schema.properties).toMatchObject({
      licenseeName: { title: '被授权方' },
      itemCount: { title: '素材数量' },
    });
  });

  it('special VAT needs bank, account and tax id; ordinary VAT does not', () => {
    const base = { orders: [1], taxRate: 6, title: '星河文化传媒有限公司', email: 'a@b.cn' };
    expect(validate('lumen:forms/invoice', { ...base, invoiceType: 0 })).toEqual([]);
    const special = validate('lumen:forms/invoice', { ...base, invoiceType: 2 });
    // (RJSF quotes the field title inside required messages.)
    for (const field of ['纳税人识别号', '开户银行', '银行账号'])
      expect(
        special.some((m) => new RegExp(`请填写'?${field}`).test(m!)),
        field,
      ).toBe(true);
    const full = {
      ...base,
      invoiceType: 2,
      taxId: '91310000MA1FL0XX7Y',
      bankName: '招商银行上海分行',
      bankAccount: '6225880212345678',
      address: '上海市浦东新区',
      phone: '021-12345678',
    };
    expect(validate('lumen:forms/invoice', full)).toEqual([]);
    expect(validate('lumen:forms/invoice', { ...full, taxRate: 5 }).join()).toMatch(/取值不在允许范围内/);
  });

  it('the deposit form picks the file rule of the chosen work category', () => {
    const img = { name: 'a.jpg', size: 3 * 1024 * 1024, type: 'image/jpeg', width: 800, height: 600 };
    expect(validate('lumen:forms/deposit', { workName: '山川', workCategory: 1, files: [img] })).toEqual([]);
    // The same image for a text work (PDF rule) is refused with the PDF rule's message.
    expect(validate('lumen:forms/deposit', { workName: '山川', workCategory: 4, files: [img] })).toEqual([
      '请上传PDF格式文件，大小不超过10MB',
    ]);
    expect(
      validate('lumen:forms/deposit', { workName: '山川', workCategory: 1, files: [{ ...img, width: 200 }] })[0],
    ).toMatch(/图片尺寸/);
    expect(validate('lumen:forms/deposit', { workName: '山川', workCategory: 7, files: [img] })).toEqual([
      '该作品类别暂不支持存证',
    ]);
  });

  it('deposit branches follow the deposit rule set category by category', () => {
    const rules = schemas['lumen:rules/deposit']['x-work-categories'] as Record<string, string>;
    const branches = schemas['lumen:forms/deposit'].dependencies.workCategory.oneOf as any[];
    const fromForm: Record<string, string> = {};
    for (const b of branches)
      for (const c of b.properties.workCategory.oneOf)
        fromForm[String(c.const)] = b.properties.files['x-file-rule'].split('#')[1];
    expect(fromForm).toEqual(rules);
    // Categories without a deposit rule are refused by the form itself.
    const all = (schemas['lumen:enums/work-category'].oneOf as any[]).map((b) => String(b.const));
    expect(schemas['lumen:forms/deposit'].properties.workCategory.not.enum.map(String).sort()).toEqual(
      all.filter((c) => !(c in rules)).sort(),
    );
    for (const [id, scope] of [
      ['lumen:forms/registration', 'registration'],
      ['lumen:forms/dci-registration', 'dci'],
    ]) {
      const m: Record<string, string> = {};
      for (const b of schemas[id].dependencies.workCategory.oneOf)
        for (const c of b.properties.workCategory.oneOf)
          m[String(c.const)] = b.properties.files['x-file-rule'].split('#')[1];
      expect(m, id).toEqual(schemas[`lumen:rules/${scope}`]['x-work-categories']);
    }
  });

  it('the real RJSF <Form> refuses special VAT without a tax id and accepts it once given', async () => {
    const { schema, uiSchema } = formOf('lumen:forms/invoice');
    const onSubmit = vi.fn();
    const data = {
      orders: [3],
      invoiceType: 2,
      taxRate: 6,
      title: '星河文化传媒有限公司',
      email: 'a@b.cn',
      bankName: '招商银行',
      bankAccount: '6225880212345678',
      address: '上海市浦东新区',
      phone: '021-12345678',
    };
    const { rerender } = render(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={rjsfValidator}
        widgets={schemaWidgets}
        onSubmit={onSubmit}
        showErrorList={false}
        noHtml5Validate
      />,
    );
    // Special VAT shows the bank fields (schema dependencies), ordinary VAT would not.
    expect(screen.getByLabelText(/开户银行/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /submit|提\s*交/i }));
    expect((await screen.findAllByText(/请填写'?纳税人识别号/)).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={{ ...data, taxId: '91310000MA1FL0XX7Y' }}
        validator={rjsfValidator}
        widgets={schemaWidgets}
        onSubmit={onSubmit}
        showErrorList={false}
        noHtml5Validate
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /submit|提\s*交/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].formData).toMatchObject({ invoiceType: 2, taxId: '91310000MA1FL0XX7Y' });
  });
});
