import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { validateWith } from '../../../server/src/schemas/store.js';
import { crossSchemaProblems } from '../../../server/src/schemas/references.js';
import { bundledIds, bundledSchema } from '../../../src/schemas/index.js';
import { createAjv } from '../../../src/schemas/validator.js';

const url = (id: string) => `/api/schemas/${encodeURIComponent(id)}`;

describe('schema saves that would break other schemas are refused', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    t = await makeTestApp();
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => t.close());

  const get = async (id: string) => (await t.app.inject({ url: url(id) })).json().data.body;
  const save = async (id: string, edit: (b: any) => void) => {
    const body = structuredClone(await get(id));
    edit(body);
    const r = await t.app.inject({ method: 'PUT', url: url(id), headers: staff.auth, payload: { body } });
    return { status: r.statusCode, msg: r.json().msg as string };
  };
  const version = async (id: string) => (await t.app.inject({ url: url(id) })).json().data.version;
  const branch = (form: any, code: number) =>
    form.dependencies.workCategory.oneOf.find((b: any) =>
      b.properties.workCategory.oneOf.some((x: any) => x.const === code),
    );
  const png = { name: 'a.png', size: 1000, type: 'image/png', width: 800, height: 800 };

  it('the bundled schemas have no cross-schema problem', () => {
    const ajv = createAjv({ lookup: bundledSchema });
    for (const id of bundledIds()) ajv.addSchema(bundledSchema(id)!);
    expect(crossSchemaProblems(bundledSchema, bundledIds(), ajv)).toEqual([]);
  });

  it('renaming a rule that a form still references is refused, naming the broken reference', async () => {
    const r = await save('lumen:rules/deposit', (b) => {
      b['x-rules'].photo = b['x-rules'].image;
      delete b['x-rules'].image;
      for (const [c, n] of Object.entries(b['x-work-categories']))
        if (n === 'image') b['x-work-categories'][c] = 'photo';
    });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('lumen:forms/deposit 引用的上传规则 "lumen:rules/deposit#image" 不存在');
    expect(await version('lumen:rules/deposit')).toBe(0);
  });

  it('a form pointing at a rule that does not exist is refused', async () => {
    const r = await save('lumen:forms/deposit', (f) => {
      branch(f, 1).properties.files['x-file-rule'] = 'lumen:rules/deposit#nope';
    });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('lumen:forms/deposit 引用的上传规则 "lumen:rules/deposit#nope" 不存在');
    expect(
      await validateWith(t.app, 'lumen:forms/deposit', { workName: '作品', workCategory: 1, files: [png] }),
    ).toEqual([]);
  });

  it('rule objects need min <= max pixels and positive sizes, in rule sets and inline', async () => {
    const wide = await save('lumen:rules/deposit', (b) => {
      b['x-rules'].image.minWidth = 6000;
    });
    expect(wide.status).toBe(400);
    expect(wide.msg).toContain('规则 "image" 的最小宽度（6000像素）大于最大宽度（5000像素）');
    const tall = await save('lumen:rules/registration', (b) => {
      b['x-rules'].image.minHeight = 10;
      b['x-rules'].image.maxHeight = 5;
    });
    expect(tall.status).toBe(400);
    expect(tall.msg).toContain('最小高度（10像素）大于最大高度（5像素）');
    const zero = await save('lumen:rules/deposit', (b) => {
      b['x-rules'].document.maxBytes = 0;
    });
    expect(zero.status).toBe(400);
    expect(zero.msg).toMatch(/maxBytes/);
    const inline = await save('lumen:forms/certification-personal', (f) => {
      const walk = (n: any): void => {
        if (n && typeof n === 'object')
          for (const [k, v] of Object.entries(n)) {
            if (k === 'x-file-rule')
              n[k] = {
                kind: 'image',
                extensions: ['png'],
                mimeTypes: ['image/png'],
                maxCount: 1,
                minWidth: 900,
                maxWidth: 100,
              };
            else walk(v);
          }
      };
      walk(f);
    });
    expect(inline.status).toBe(400);
    expect(inline.msg).toContain(
      'lumen:forms/certification-personal 的内联上传规则 的最小宽度（900像素）大于最大宽度（100像素）',
    );
  });

  it('refuses a category mapping that the form and the rule set would state differently', async () => {
    const moved = await save('lumen:rules/deposit', (b) => {
      b['x-work-categories']['1'] = 'video';
    });
    expect(moved.status).toBe(400);
    expect(moved.msg).toContain(
      '作品类别 1：lumen:forms/deposit 使用 "lumen:rules/deposit#image"，而 lumen:rules/deposit 的 x-work-categories 指定 "lumen:rules/deposit#video"',
    );
    const added = await save('lumen:rules/deposit', (b) => {
      b['x-work-categories']['7'] = 'image';
    });
    expect(added.status).toBe(400);
    expect(added.msg).toContain(
      'lumen:rules/deposit 的 x-work-categories 列出了作品类别 7，但 lumen:forms/deposit 没有对应的上传分支',
    );
    const dropped = await save('lumen:rules/deposit', (b) => {
      delete b['x-work-categories']['16'];
    });
    expect(dropped.status).toBe(400);
    expect(dropped.msg).toContain(
      'lumen:forms/deposit 为作品类别 16 提供了上传分支，但 lumen:rules/deposit 的 x-work-categories 未列出这些类别',
    );
    const opened = await save('lumen:forms/deposit', (f) => {
      f.properties.workCategory.not.enum = [100, 101];
    });
    expect(opened.status).toBe(400);
    expect(opened.msg).toContain('lumen:forms/deposit 的作品类别字段可选 7，但没有对应的上传分支');
    expect(await version('lumen:rules/deposit')).toBe(0);
    expect(await version('lumen:forms/deposit')).toBe(0);
  });

  it('a rule can still be renamed in steps, and forms keep validating throughout', async () => {
    expect(
      (
        await save('lumen:rules/deposit', (b) => {
          b['x-rules'].photo = structuredClone(b['x-rules'].image);
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await save('lumen:forms/deposit', (f) => {
          branch(f, 1).properties.files['x-file-rule'] = 'lumen:rules/deposit#photo';
        })
      ).status,
    ).toBe(200);
    const moved = await save('lumen:rules/deposit', (b) => {
      for (const [c, n] of Object.entries(b['x-work-categories']))
        if (n === 'image') b['x-work-categories'][c] = 'photo';
    });
    expect(moved).toMatchObject({ status: 200 });
    // Nothing refers to #image any more (the branch covers every image category): it may go.
    expect(
      (
        await save('lumen:rules/deposit', (b) => {
          delete b['x-rules'].image;
        })
      ).status,
    ).toBe(200);
    expect(
      await validateWith(t.app, 'lumen:forms/deposit', { workName: '作品', workCategory: 1, files: [png] }),
    ).toEqual([]);
    expect(
      await validateWith(t.app, 'lumen:forms/deposit', {
        workName: '作品',
        workCategory: 1,
        files: [{ ...png, width: 100, height: 100 }],
      }),
    ).not.toEqual([]);
  });
});
