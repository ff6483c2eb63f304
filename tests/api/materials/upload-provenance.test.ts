import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { IMAGE, initUpload, sendChunks } from '../../helpers/upload.js';
import { signedJpeg, type CameraOrGenerator } from '../../helpers/c2pa-upload.js';
import { credentialsSignerOf } from '../../../server/src/evidence/credentials/signer.js';

const RULES = encodeURIComponent('lumen:rules/material');
const AI = 'trainedAlgorithmicMedia';

/**
 * Content Credentials on upload (issue #34 part 2): the C2PA manifest of an uploaded original is
 * kept as the work's provenance (generator, signer, validation, capture device, actions) and shown
 * to staff in review and on the detail page; a manifest saying AI or the creator's declaration
 * labels the work 「AI生成」, which the search filter honours. The declaration is required while the
 * upload rules say so; a corrupt manifest never fails the upload.
 */
describe('provenance of uploaded works', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let creator: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let category: number;
  let seq = 0;
  // A camera maker's or generator's own certificate: not the platform's.
  const outsider = credentialsSignerOf({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-c2pa-cam-')) }).signer;

  beforeAll(async () => {
    t = await makeTestApp();
    creator = await makeUser(t.db, { roles: ['buyer', 'creator'] });
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
    category = Number(
      (
        await t.db.query<{ id: number }>(
          "INSERT INTO categories(type, name) VALUES ($1, '内容凭证测试') RETURNING id",
          [IMAGE],
        )
      ).rows[0].id,
    );
  });
  afterAll(async () => t?.close());

  /** A distinct 800x600 JPEG (the image rule's minimum). */
  const jpeg = async () => {
    seq += 1;
    return sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: { r: (seq * 37) % 255, g: 120, b: (seq * 11) % 255 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
  };
  const upload = async (file: Buffer) => {
    const { upload: u } = await initUpload(t.app, creator.auth, {
      name: `作品${seq}.jpg`,
      size: file.length,
      type: 'image/jpeg',
    });
    const res = await sendChunks(t.app, creator.auth, u, file, [1]);
    expect(res.json().data).toMatchObject({ state: 'complete' });
    return res.json().data as { id: string; meta: { provenance: { validation: string; failures: string[] } | null } };
  };
  const create = (uploadId: string, title: string, over: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/works',
      headers: creator.auth,
      payload: { uploadId, type: IMAGE, title, categoryId: category, price: 9.9, deposit: false, ...over },
    });
  const created = async (uploadId: string, title: string, over: Record<string, unknown> = {}) => {
    const r = await create(uploadId, title, over);
    expect(r.statusCode, r.body).toBe(200);
    return Number(r.json().data.works[0].id);
  };
  const approve = (id: number) => t.db.query('UPDATE materials SET status = 1 WHERE id = $1', [id]);
  const detail = async (id: number) => (await t.app.inject({ url: `/api/items/detail/${id}` })).json().data;
  const review = async (id: number) =>
    (await t.app.inject({ url: `/api/admin/review/works/${id}`, headers: staff.auth })).json().data.work;
  const search = async (query: Record<string, string>) =>
    (await t.app.inject({ url: `/api/index/search?${new URLSearchParams(query)}` })).json().data.list as Array<{
      id: number;
      aiGenerated: boolean;
    }>;
  const setRule = async (requireAiDeclaration: boolean) => {
    const cur = (await t.app.inject({ url: `/api/schemas/${RULES}` })).json().data;
    const body = { ...cur.body, 'x-declarations': { requireAiDeclaration } };
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/schemas/${RULES}`,
      headers: staff.auth,
      payload: { body, note: requireAiDeclaration ? '必须声明AI生成' : '不再要求声明AI生成', baseVersion: cur.version },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  const generator: CameraOrGenerator = {
    claimGenerator: '星图AI绘画 3.2',
    actions: [
      { action: 'c2pa.created', source: AI, agent: '星图AI绘画', description: '文生图' },
      { action: 'c2pa.color_adjustments', agent: '星图AI绘画' },
    ],
  };

  let aiWork: number;
  let plainWork: number;

  it('a generated JPEG: the manifest is kept, the work is labelled AI, staff see a conflicting declaration', async () => {
    const file = await signedJpeg(await jpeg(), generator, outsider);
    const up = await upload(file);
    // The upload's own status already says what the file's credentials claim.
    expect(up.meta.provenance).toMatchObject({ validation: 'valid', aiGenerated: true });

    // The creator says no; the manifest says otherwise: labelled anyway, the conflict shown to review.
    aiWork = await created(up.id, '晨雾山谷数字绘画', { aiGenerated: false, submit: true });
    const row = (await t.db.query('SELECT * FROM materials WHERE id = $1', [aiWork])).rows[0];
    expect(row).toMatchObject({ ai_generated: true, ai_declared: false, ai_source: 'manifest' });
    expect(row.provenance).toMatchObject({
      validation: 'valid',
      failures: [],
      claimGenerator: '星图AI绘画 3.2',
      signer: 'Lumen Content Credentials (Sandbox)',
      digitalSourceType: AI,
      aiGenerated: true,
      actions: [
        // c2pa-ts writes no action description; a reader keeps one when the file has it.
        { action: 'c2pa.created', digitalSourceType: AI, softwareAgent: '星图AI绘画' },
        { action: 'c2pa.color_adjustments', digitalSourceType: null, softwareAgent: '星图AI绘画', description: null },
      ],
    });

    const w = await review(aiWork);
    expect(w).toMatchObject({
      aiGenerated: true,
      aiSource: 'manifest',
      aiDeclared: false,
      aiConflict: true,
      provenance: { validation: 'valid', digitalSourceType: AI, claimGenerator: '星图AI绘画 3.2' },
    });

    await approve(aiWork);
    const d = await detail(aiWork);
    expect(d).toMatchObject({ aiGenerated: true, aiSource: 'manifest', provenance: { aiGenerated: true } });
    expect(d.provenance.actions).toHaveLength(2);
  });

  it('a camera JPEG declared not AI: capture device kept, no label; the search filter tells the two apart', async () => {
    const camera: CameraOrGenerator = {
      claimGenerator: 'Canon EOS R5 Firmware 1.8',
      actions: [{ action: 'c2pa.created', source: 'digitalCapture' }],
      device: { make: 'Canon', model: 'Canon EOS R5' },
    };
    const up = await upload(await signedJpeg(await jpeg(), camera, outsider));
    plainWork = await created(up.id, '晨雾山谷实拍', { aiGenerated: false });
    const row = (await t.db.query('SELECT * FROM materials WHERE id = $1', [plainWork])).rows[0];
    expect(row).toMatchObject({ ai_generated: false, ai_declared: false, ai_source: null });
    expect(row.provenance).toMatchObject({
      validation: 'valid',
      captureDevice: 'Canon EOS R5',
      digitalSourceType: 'digitalCapture',
      aiGenerated: false,
    });
    expect((await review(plainWork)).aiConflict).toBe(false);
    await approve(plainWork);
    expect(await detail(plainWork)).toMatchObject({ aiGenerated: false, aiSource: null });

    // Keyword search and browsing, with and without the filter.
    const ids = (l: Array<{ id: number }>) => l.map((x) => x.id);
    expect(ids(await search({ keyword: '晨雾山谷' })).sort()).toEqual([aiWork, plainWork].sort());
    expect(ids(await search({ keyword: '晨雾山谷', ai: 'yes' }))).toEqual([aiWork]);
    expect(ids(await search({ keyword: '晨雾山谷', ai: 'no' }))).toEqual([plainWork]);
    expect(ids(await search({ keyword: '晨雾山谷', ai: '' })).sort()).toEqual([aiWork, plainWork].sort());
    const browsedAi = await search({ type: String(IMAGE), ai: 'yes', pageSize: '60' });
    expect(ids(browsedAi)).toContain(aiWork);
    expect(ids(browsedAi)).not.toContain(plainWork);
    expect(browsedAi.every((c) => c.aiGenerated)).toBe(true);
    expect(ids(await search({ type: String(IMAGE), ai: 'no', pageSize: '60' }))).not.toContain(aiWork);
    expect((await t.app.inject({ url: '/api/index/search?ai=maybe' })).statusCode).toBe(400);
  });

  it('a file without credentials declared AI: labelled by the declaration, no provenance', async () => {
    const up = await upload(await jpeg());
    expect(up.meta.provenance).toBeNull();
    const id = await created(up.id, '声明为AI生成的插画', { aiGenerated: true });
    const row = (await t.db.query('SELECT * FROM materials WHERE id = $1', [id])).rows[0];
    expect(row).toMatchObject({ ai_generated: true, ai_declared: true, ai_source: 'declared', provenance: null });
    expect(await review(id)).toMatchObject({ aiSource: 'declared', aiConflict: false, provenance: null });
  });

  it('a generated file declared AI: both', async () => {
    const up = await upload(await signedJpeg(await jpeg(), generator, outsider));
    const id = await created(up.id, '双重确认的AI作品', { aiGenerated: true });
    expect((await review(id)).aiSource).toBe('both');
  });

  it('the declaration is required while the rule is on (Chinese 400), optional once staff turn it off', async () => {
    const up = await upload(await jpeg());
    const missing = await create(up.id, '没有声明的作品');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请声明本作品是否由AI生成（含AI参与生成）');
    expect(missing.json().data.fieldErrors['/aiGenerated']).toBe('请声明本作品是否由AI生成（含AI参与生成）');
    // A batch names the item.
    const declared = await upload(await jpeg());
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/user/works/batch',
      headers: creator.auth,
      payload: {
        items: [
          { uploadId: declared.id, type: IMAGE, title: '已声明的作品', categoryId: category, aiGenerated: false },
          { uploadId: up.id, type: IMAGE, title: '没有声明的作品', categoryId: category },
        ],
      },
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().msg).toBe('第2个作品：请声明本作品是否由AI生成（含AI参与生成）');
    expect(batch.json().data.fieldErrors['/items/1/aiGenerated']).toBe('请声明本作品是否由AI生成（含AI参与生成）');

    await setRule(false);
    try {
      const id = await created(up.id, '没有声明的作品');
      const row = (await t.db.query('SELECT * FROM materials WHERE id = $1', [id])).rows[0];
      expect(row).toMatchObject({ ai_generated: false, ai_declared: null, ai_source: null });
    } finally {
      await setRule(true);
    }
    const again = await upload(await jpeg());
    expect((await create(again.id, '规则恢复后')).statusCode).toBe(400);
  });

  it('a corrupt manifest does not fail the upload: its validation state is recorded', async () => {
    const signed = await signedJpeg(await jpeg(), generator, outsider);
    // Tamper with the signed claim inside the APP11 segments (JUMBF): the store still parses or not,
    // but never validates.
    const at = signed.indexOf(Buffer.from('c2pa.actions'));
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(signed);
    for (let i = at + 40; i < at + 60; i++) tampered[i] ^= 0x5a;
    const up = await upload(tampered);
    expect(['invalid', 'unreadable']).toContain(up.meta.provenance?.validation);
    const id = await created(up.id, '凭证被改动的作品', { aiGenerated: false });
    const w = await review(id);
    expect(['invalid', 'unreadable']).toContain(w.provenance.validation);

    // Pixel data changed after signing: the hard binding fails, the claims are still read.
    const moved = Buffer.from(signed);
    moved[moved.length - 10] ^= 0xff;
    const up2 = await upload(moved);
    expect(up2.meta.provenance).toMatchObject({ validation: 'invalid', aiGenerated: true });
    expect(up2.meta.provenance?.failures.length).toBeGreaterThan(0);
  });
});
