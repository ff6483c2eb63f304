import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { downloadBytes, launchBrowser } from '../../helpers/browser.js';
import { devToken, signedInPage } from '../../helpers/e2e-session.js';
import { assertionOf, readC2pa } from '../../helpers/c2pa-reader.js';
import { verifyReceipt, type EvidenceReceipt } from '../../../verify-receipt.mjs';
import { signerFromSeed } from '../../../server/src/evidence/note-signer.js';

/**
 * Issue #34's closing check in the browser: demo_buyer licenses a seeded image (JPEG) and video
 * (MP4), downloads both from 我的授权, and each download carries a manifest that c2pa-rs (an
 * implementation other than the c2pa-ts that wrote it) verifies up to the sandbox root, and whose
 * deposit receipt the offline verifier confirms against the log's published key and the
 * cosignatures of both witnesses the run's server submits its checkpoints to (global-setup.ts).
 */
describe('Content Credentials on downloads in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a licensed JPEG and MP4 downloaded from 我的授权 carry verified Content Credentials', async () => {
    const base = inject('baseUrl');
    const token = await devToken(base, 'demo_buyer');
    const api = async (url: string, body?: unknown) => {
      const r = await fetch(`${base}${url}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const j = await r.json();
      if (!j.success) throw new Error(`${url}: ${j.msg}`);
      return j.data;
    };
    // A deposited work of each type, licensed (personal study, paid from the wallet).
    const picked: Array<{ id: number; title: string; format: string }> = [];
    for (const [type, format] of [
      [11, 'image/jpeg'],
      [1, 'video/mp4'],
    ] as const) {
      const list = (await api(`/api/items/list?type=${type}&pageSize=30`)).list as Array<{ id: number; title: string }>;
      let found: { id: number; title: string } | undefined;
      for (const m of list) if ((await api(`/api/items/evidence/${m.id}`))?.certNo) found ??= m;
      expect(found, `a deposited work of type ${type}`).toBeDefined();
      const o = await api('/api/trade/order', {
        from: 'direct',
        items: [{ materialId: found!.id, scenario: 'personal_study' }],
      });
      await api('/api/trade/pay/wallet', { orderId: o.id });
      picked.push({ ...found!, format });
    }
    const logKey = (await api('/api/protection/ledger/key')).verifierKey as string;
    const { ctx, page } = await signedInPage(browser, token);
    await page.goto(`${base}/account/myauth`);
    for (const m of picked) {
      const row = page.locator('.ant-table-row').filter({ hasText: m.title });
      const [dl] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: /下载原文件/ }).click(),
      ]);
      const bytes = await downloadBytes(dl);
      // The sandbox CA's root (made on the first signature), as a validator's trust anchor.
      const root = JSON.parse(
        fs.readFileSync(path.join(inject('dataDir'), 'evidence', 'c2pa', 'sandbox-c2pa.json'), 'utf8'),
      ).rootCertificate as string;

      const r = await readC2pa(m.format, bytes, root);
      expect(r.failure).toEqual([]);
      expect(r.state).toBe('Trusted');
      expect(assertionOf(r, 'stds.schema-org.CreativeWork')).toMatchObject({ name: m.title });
      expect(assertionOf(r, 'cn.lumen.licence')).toMatchObject({ scenarioName: '个人交流学习' });
      const deposit = assertionOf(r, 'cn.lumen.deposit') as { certNo: string; receipt: EvidenceReceipt };
      const sha = /^lumen:sha256:([0-9a-f]{64})$/.exec(String(r.manifest.ingredients?.[0]?.instance_id))?.[1];
      expect(sha).toBeDefined();
      // With both witnesses pinned (quorum: all): the checkpoint is the log's and they cosigned it.
      const checked = await verifyReceipt(new Uint8Array(), deposit.receipt, logKey, {
        fileSha256: sha,
        witnesses: inject('witnessKeys'),
      });
      expect(checked.steps.filter((s) => s.ok === false)).toEqual([]);
      expect(checked.ok).toBe(true);
      expect(inject('witnessKeys')).toHaveLength(2);
      expect(checked.steps.find((s) => s.id === 'witness')).toMatchObject({ ok: true });
      expect(checked.steps.find((s) => s.id === 'witness')?.detail).toContain('2 / 2 个固定的见证人联署了该检查点');
      // A pinned witness that did not cosign: the quorum fails and so does the receipt.
      const stranger = signerFromSeed('witness.e2e/stranger', crypto.randomBytes(32)).verifierKey;
      const short = await verifyReceipt(new Uint8Array(), deposit.receipt, logKey, {
        fileSha256: sha,
        witnesses: [...inject('witnessKeys'), stranger],
      });
      expect(short.ok).toBe(false);
      expect(short.steps.find((s) => s.id === 'witness')).toMatchObject({ ok: false });
      console.log(
        `${m.format} ${m.title}: ${bytes.length} bytes, manifest ${JSON.stringify(r.manifest).slice(0, 4000)}`,
      );
    }
    await ctx.close();
  });
});
