import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf, tinyPdf } from '../../helpers/multipart.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';

describe('/api/protection/registration and /api/protection/dci', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let photo: { filename: string; contentType: string; data: Buffer };
  const base = {
    workName: '山川组图',
    workCategory: 1,
    authorName: '山川',
    ownership: 'oneself',
    acquisition: 'original',
    nature: 'original',
    rights: ['publication', 'authorship'],
    completionDate: '2026-10-01',
  };
  const copyright = { ...base, service: 1, media: 1 };
  const dci = { ...base, workNameCode: 'PHOTOGRAPHY' };

  beforeAll(async () => {
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
    // Each application spends a unit of a paid registration / DCI service order.
    await buyServiceWithWallet(t.app, t.db, alice, 'registration_1', 5);
    await buyServiceWithWallet(t.app, t.db, alice, 'dci_1', 5);
    photo = { filename: '组图1.jpg', contentType: 'image/jpeg', data: await jpeg(640, 480) };
  });
  afterAll(() => t?.close());

  const submit = (path: string, who: typeof alice, data: object, files: Array<typeof photo>) => {
    const body = formWithFiles(data, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/protection/${path}`,
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
  };

  it('creates a copyright registration with several photos, lists, gets, edits and withdraws it', async () => {
    const second = { ...photo, filename: '组图2.jpg' };
    const r = await submit('registration', alice, { ...copyright, files: [metaOf(photo), metaOf(second)] }, [
      photo,
      second,
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const rec = r.json().data;
    expect(rec).toMatchObject({ kind: 'copyright', work_name: '山川组图', ownership: 'oneself', status: 0 });
    expect(rec.files).toHaveLength(2);
    // The form keeps what the server measured; storage keys never leave the server.
    expect(rec.files[0]).toMatchObject({ name: '组图1.jpg', type: 'image/jpeg', size: photo.data.length });
    expect(JSON.stringify(rec)).not.toContain('registration-copyright/');

    const list = (
      await t.app.inject({ url: '/api/protection/registration/list?work_category=1', headers: alice.auth })
    ).json().data;
    expect(list.total).toBe(1);
    // A copyright registration is not a DCI registration.
    expect((await t.app.inject({ url: `/api/protection/dci/${rec.id}`, headers: alice.auth })).statusCode).toBe(404);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/protection/registration/${rec.id}`,
      headers: alice.auth,
      payload: { ...copyright, workName: '山川组图（修订）', files: rec.files },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.work_name).toBe('山川组图（修订）');
    expect(edit.json().data.files).toHaveLength(2);

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/protection/registration/${rec.id}/withdraw`,
          headers: bob.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/protection/registration/${rec.id}/withdraw`,
          headers: alice.auth,
        })
      ).json().data.status,
    ).toBe(4);
  });

  it('an edit cannot change the work category or the files the server checked', async () => {
    const r = await submit('registration', alice, { ...copyright, files: [metaOf(photo)] }, [photo]);
    expect(r.statusCode, r.body).toBe(200);
    const rec = r.json().data;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/protection/registration/${rec.id}`, headers: alice.auth, payload });

    // Category 9 (audio) with claimed audio metadata: refused, nothing stored changes.
    const moved = await put({
      ...copyright,
      workCategory: 9,
      files: [{ name: 'song.mp3', size: 1000, type: 'audio/mpeg' }],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().msg).toBe('作品类别提交后不能修改，如需更改请撤回后重新申请');
    expect(moved.json().data.fieldErrors).toEqual({
      '/workCategory': '作品类别提交后不能修改，如需更改请撤回后重新申请',
    });
    const same = (await t.app.inject({ url: `/api/protection/registration/${rec.id}`, headers: alice.auth })).json()
      .data;
    expect(same).toMatchObject({ workCategory: 1, work_category: 1, files: rec.files });

    // Claimed files in an edit are ignored (the edit variant has no file field); the category may be left out.
    const { workCategory: _c, ...noCategory } = copyright;
    const ok = await put({
      ...noCategory,
      workName: '山川组图（二稿）',
      files: [{ name: 'other.jpg', size: 5, type: 'image/jpeg' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ work_name: '山川组图（二稿）', workCategory: 1, files: rec.files });
  });

  it('refuses what the registration schema and rules refuse', async () => {
    const { rights: _r, ...noRights } = copyright;
    const a = await submit('registration', alice, { ...noRights, files: [metaOf(photo)] }, [photo]);
    expect(a.statusCode).toBe(400);
    expect(a.json().msg).toBe('请选择权利拥有状况');
    // Seven photos: the art/photography rule allows six.
    const seven = Array.from({ length: 7 }, (_, i) => ({ ...photo, filename: `p${i}.jpg` }));
    const b = await submit('registration', alice, { ...copyright, files: seven.map((f) => metaOf(f)) }, seven);
    expect(b.json().msg).toBe('最多上传6个图片');
    // PDF bytes under a .jpg name: refused by content.
    const pdfAsJpg = { filename: 'scan.jpg', contentType: 'image/jpeg', data: tinyPdf() };
    const c = await submit('registration', alice, { ...copyright, files: [metaOf(pdfAsJpg)] }, [pdfAsJpg]);
    expect(c.statusCode).toBe(400);
    expect(c.json().msg).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过10MB');
  });

  it('DCI takes only the guoban ownership subset and its own rules', async () => {
    const bad = await submit('dci', alice, { ...dci, ownership: 'teamwork', files: [metaOf(photo)] }, [photo]);
    expect(bad.statusCode).toBe(400);
    const ok = await submit('dci', alice, { ...dci, files: [metaOf(photo)] }, [photo]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ kind: 'dci', workNameCode: 'PHOTOGRAPHY' });
    expect((await t.app.inject({ url: '/api/protection/dci/list', headers: alice.auth })).json().data.total).toBe(1);
    expect((await t.app.inject({ url: '/api/protection/dci/list', headers: bob.auth })).json().data.total).toBe(0);
    const pdf = { filename: '剧本.pdf', contentType: 'application/pdf', data: tinyPdf() };
    const drama = await submit('dci', alice, { ...dci, workCategory: 8, files: [metaOf(pdf)] }, [pdf]);
    expect(drama.statusCode, drama.body).toBe(200);
  });
});
