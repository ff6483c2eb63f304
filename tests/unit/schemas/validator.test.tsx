import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/antd';
import {
  checkFileList,
  countMessage,
  enumLabel,
  dimensionMessage,
  durationMessage,
  enumOptions,
  formatBytes,
  formOf,
  resolveRule,
  ruleMessage,
  ruleRefFor,
  ruleSummary,
  schemas,
  setSchemaOverride,
  statusColor,
  statusLabel,
} from '../../../src/schemas';
import { createAjv } from '../../../src/schemas/validator';
import { rjsfValidator } from '../../../src/components/schema-form/rjsf-validator';
import { readFileMeta, type MetaProbes } from '../../../src/schemas/file-meta';
import { schemaWidgets } from '../../../src/components/schema-form/widgets';
import { lumenFormProps } from '../../../src/components/schema-form/form-props';
import { previewOf } from '../../../src/pages/admin/preview-schema';

const MB = 1024 * 1024;
const image = resolveRule('lumen:rules/deposit#image')!;
const video = resolveRule('lumen:rules/deposit#video')!;
const png = (size: number, extra = {}) => ({
  name: 'a.png',
  size,
  type: 'image/png',
  width: 1000,
  height: 1000,
  ...extra,
});

afterEach(() => {
  setSchemaOverride('lumen:rules/deposit', null);
  cleanup();
});

describe('message builder', () => {
  it('builds the spec sentence and the other messages from the rule object', () => {
    expect(ruleMessage(image)).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过5MB');
    expect(ruleMessage(video)).toBe('请上传MP4/AVI/WMV格式视频，大小不超过200MB');
    expect(ruleMessage(resolveRule('lumen:rules/dci#video')!)).toBe('请上传MP4格式视频');
    expect(dimensionMessage(image)).toBe('图片尺寸需在400x400至5000x5000像素之间');
    expect(durationMessage(video)).toBe('视频时长不能少于10秒');
    expect(countMessage(resolveRule('lumen:rules/registration#images')!)).toBe('最多上传6个图片');
    expect(ruleSummary(image)).toBe(
      '请上传JPG/PNG/JPEG格式图片，大小不超过5MB，图片尺寸需在400x400至5000x5000像素之间，最多上传1个图片',
    );
    expect([formatBytes(5 * MB), formatBytes(1.5 * MB), formatBytes(500 * 1024)]).toEqual(['5MB', '1.5MB', '500KB']);
  });

  it('checks extension, browser MIME, size, pixels, duration and count', () => {
    expect(checkFileList(image, [png(3 * MB)])).toEqual([]);
    expect(checkFileList(image, [png(3 * MB, { name: 'a.gif' })])).toEqual([ruleMessage(image)]);
    expect(checkFileList(image, [png(3 * MB, { type: 'image/gif' })])).toEqual([ruleMessage(image)]);
    expect(checkFileList(image, [png(3 * MB, { type: '' })])).toEqual([]);
    expect(checkFileList(image, [png(6 * MB)])).toEqual([ruleMessage(image)]);
    expect(checkFileList(image, [png(MB, { width: 399 })])).toEqual([dimensionMessage(image)]);
    expect(checkFileList(image, [png(MB, { height: 5001 })])).toEqual([dimensionMessage(image)]);
    expect(checkFileList(image, [png(MB, { width: undefined, height: undefined })])).toEqual([]);
    expect(checkFileList(image, [png(MB, { width: null, height: null })])).toEqual([dimensionMessage(image)]);
    expect(checkFileList(image, [png(MB), png(MB)])).toEqual([countMessage(image)]);
    const clip = { name: 'c.MP4', size: MB, type: 'video/mp4' };
    expect(checkFileList(video, [{ ...clip, durationSec: 9.9 }])).toEqual([durationMessage(video)]);
    expect(checkFileList(video, [{ ...clip, durationSec: 10 }])).toEqual([]);
    expect(checkFileList(video, [{ ...clip, name: 'c.avi', type: '' }])).toEqual([]);
  });
});

describe('registry helpers', () => {
  it('enum options, status labels and colours, rule refs', () => {
    expect(enumOptions('lumen:enums/tax-rate')).toEqual([
      { value: 6, label: '6%' },
      { value: 3, label: '3%' },
      { value: 1, label: '1%' },
      { value: 0, label: '免税' },
    ]);
    expect(statusLabel('lumen:status/work', 5)).toBe('审核中');
    expect(statusLabel('lumen:status/work', '3')).toBe('审核未通过');
    expect(statusColor('lumen:status/evidence-deposit', 1)).toBe('green');
    expect(statusColor('lumen:status/coupon', 99)).toBe('default');
    expect(ruleRefFor('deposit', 12)).toBe('lumen:rules/deposit#image');
    expect(ruleRefFor('deposit', 7)).toBeNull();
  });
});

describe('x-file-rule keyword (one ajv config for server and RJSF)', () => {
  const field = (rule: unknown) => ({ type: 'array', items: { type: 'object' }, 'x-file-rule': rule });

  it('validates by reference and inline rule object with Chinese messages', () => {
    const ajv = createAjv();
    const byRef = ajv.compile(field('lumen:rules/deposit#image'));
    expect(byRef([png(3 * MB)])).toBe(true);
    expect(byRef([png(6 * MB)])).toBe(false);
    expect(byRef.errors![0].message).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过5MB');
    const inline = ajv.compile(field({ ...image, maxBytes: 2 * MB }));
    expect(inline([png(3 * MB)])).toBe(false);
    expect(inline.errors![0].message).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过2MB');
    const missing = ajv.compile(field('lumen:rules/deposit#nope'));
    expect(missing([])).toBe(false);
    expect(missing.errors![0].message).toBe('上传规则不存在');
  });

  it('a staff-saved version installed on the client applies to already compiled validators', () => {
    const schema = field('lumen:rules/deposit#image');
    expect(rjsfValidator.isValid(schema as any, [png(3 * MB)], schema as any)).toBe(true);
    const edited = structuredClone(schemas['lumen:rules/deposit']);
    edited['x-rules'].image.maxBytes = 2 * MB;
    setSchemaOverride('lumen:rules/deposit', edited);
    const r = rjsfValidator.validateFormData([png(3 * MB)], schema as any);
    expect(r.errors.map((e) => e.message)).toEqual(['请上传JPG/PNG/JPEG格式图片，大小不超过2MB']);
  });
});

describe('certification forms in the real RJSF <Form>', { timeout: 30_000 }, () => {
  function renderForm(id: string, formData: unknown) {
    const onSubmit = vi.fn();
    const onError = vi.fn();
    const { schema, uiSchema } = formOf(id);
    render(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        {...lumenFormProps}
        onSubmit={onSubmit}
        onError={onError}
        showErrorList="top"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /submit|提\s*交/i }));
    return { onSubmit, onError };
  }
  const messages = (onError: ReturnType<typeof vi.fn>) =>
    (onError.mock.calls[0][0] as Array<{ message: string }>).map((e) => e.message);

  it('personal: ID card needs an 18-digit number and a back image; Chinese messages', () => {
    const { onError, onSubmit } = renderForm('lumen:forms/certification-personal', {
      certificate: 'ID_CARD',
      certificateNo: '123',
      frontImage: [png(MB, { name: 'f.jpg', type: 'image/jpeg' })],
    });
    expect(onSubmit).not.toHaveBeenCalled();
    const m = messages(onError);
    expect(m).toContain('请填写真实姓名');
    expect(m).toContain('请输入18位身份证号码');
    expect(m).toEqual(['请填写真实姓名', '请输入18位身份证号码', '请上传证件背面照片']);
  });

  it('personal: a household register needs no back image', () => {
    const { onSubmit } = renderForm('lumen:forms/certification-personal', {
      realName: '张三',
      certificate: 'ACCOUNT_BOOK',
      certificateNo: 'HB123456',
      frontImage: [png(MB, { name: 'f.jpg', type: 'image/jpeg' })],
    });
    expect(onSubmit).toHaveBeenCalled();
  });

  it('company: organisation kind drives the certificate list and the credit-code format', () => {
    const ok = renderForm('lumen:forms/certification-company', {
      orgKind: 'organisation',
      companyName: '流明科技有限公司',
      legalPerson: '李四',
      certificate: 'BUSINESS_LICENSE',
      certificateNo: '91310000MA1FL0XX1C',
      licenseImage: [png(MB)],
    });
    expect(ok.onSubmit).toHaveBeenCalled();
  });

  it('company: a non-organisation cannot use a business licence; an oversized licence image is refused', () => {
    const { onError } = renderForm('lumen:forms/certification-company', {
      orgKind: 'non-organisation',
      companyName: '某某协会',
      legalPerson: '王五',
      certificate: 'BUSINESS_LICENSE',
      certificateNo: 'ABC-123456',
      licenseImage: [png(6 * MB)],
    });
    const m = messages(onError);
    expect(m).toContain('请上传JPG/PNG/JPEG格式图片，大小不超过5MB');
    expect(m.some((x) => x.includes('证件类型'))).toBe(true);
  });
});

describe('browser file metadata reader and the file widget', { timeout: 30_000 }, () => {
  const probes = (dim?: { width: number; height: number }, duration?: number): MetaProbes => ({
    image: vi.fn(async () => dim),
    duration: vi.fn(async () => duration),
  });
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => {};

  it('reads pixels of images and duration of video/audio; leaves unknowns for the server', async () => {
    expect(
      await readFileMeta(new File(['x'], 'a.png', { type: 'image/png' }), probes({ width: 640, height: 480 })),
    ).toEqual({ name: 'a.png', size: 1, type: 'image/png', width: 640, height: 480 });
    expect(await readFileMeta(new File(['xy'], 'v.mp4', { type: 'video/mp4' }), probes(undefined, 12.5))).toEqual({
      name: 'v.mp4',
      size: 2,
      type: 'video/mp4',
      durationSec: 12.5,
    });
    expect(await readFileMeta(new File(['xy'], 'v.avi', { type: 'video/x-msvideo' }), probes())).toEqual({
      name: 'v.avi',
      size: 2,
      type: 'video/x-msvideo',
    });
    const p = probes();
    expect(await readFileMeta(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), p)).toEqual({
      name: 'a.pdf',
      size: 4,
      type: 'application/pdf',
    });
    expect(p.image).not.toHaveBeenCalled();
  });

  it('the staff preview of deposit rules refuses an 11 MB PDF picked in the widget', async () => {
    const { schema, uiSchema } = previewOf('lumen:rules/deposit', schemas['lumen:rules/deposit']);
    const { container } = render(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={rjsfValidator}
        widgets={schemaWidgets}
        liveValidate
        showErrorList="top"
      />,
    );
    const input = container.querySelector('#root_document input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(11 * MB)], 'big.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getAllByText('请上传PDF格式文件，大小不超过10MB').length).toBeGreaterThan(0));
  });
});

describe('admin preview of rule sets', () => {
  it('titles every rule in Chinese: its own title, else its kind and the categories using it', () => {
    for (const id of [
      'lumen:rules/deposit',
      'lumen:rules/registration',
      'lumen:rules/dci',
      'lumen:rules/certification',
    ]) {
      const { schema } = previewOf(id, schemas[id]);
      for (const [key, prop] of Object.entries<any>(schema.properties)) {
        expect(prop.title, `${id}#${key}`).not.toBe(key);
        expect(prop.title, `${id}#${key}`).toMatch(/[\u4e00-\u9fff]/);
        expect(prop.title, `${id}#${key}`).not.toMatch(/[A-Za-z]/);
      }
    }
    const reg = previewOf('lumen:rules/registration', schemas['lumen:rules/registration']).schema.properties;
    expect(reg.modelImage.title).toBe(`图片 · ${enumLabel('lumen:enums/work-category', 13)}`);
    const deposit = previewOf('lumen:rules/deposit', schemas['lumen:rules/deposit']).schema.properties;
    expect(deposit.image.title).toMatch(/^图片 · .+等6类$/);
    const named = structuredClone(schemas['lumen:rules/deposit']);
    named['x-rules'].image.title = '存证图片';
    delete named['x-work-categories']['1'];
    expect(previewOf('lumen:rules/deposit', named).schema.properties.image.title).toBe('存证图片');
    named['x-rules'].spare = { kind: 'video', extensions: ['mp4'], mimeTypes: ['video/mp4'], maxCount: 1 };
    expect(previewOf('lumen:rules/deposit', named).schema.properties.spare.title).toBe('视频 · 未关联作品类别');
  });
});
