import crypto from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { ObjectStore } from '../../storage/index.js';
import { AppError } from '../../http/envelope.js';
import { webFetcher } from '../../adapters/web/index.js';
import { appendBlock } from '../../evidence/ledger.js';
import { findUserById } from '../../repositories/users.js';
import * as hits from '../../repositories/monitor-hits.js';
import { addLicenseeSite, hitEvent, licenceForSite } from '../../repositories/monitor.js';
import { TRIAGEABLE, TRIAGE_TO, type TriageAction } from '../../../../src/schemas/cyprotect/monitor.js';
import { takedownPdf } from './takedown-pdf.js';

/**
 * Triage of a monitoring hit by its owner: approve the use, reject it as not mine (the media's
 * hash joins the false-positive list), ignore, capture evidence (page and media hashed into the
 * evidence log), send a 侵权通知函 (PDF from the schema template with the work's certificates),
 * or offer a retroactive licence (a link the site's operator claims; once they hold a licence for
 * the work the hit becomes licensed use, see reconcileOffers).
 */
export interface TriageEnv {
  db: Db;
  storage: ObjectStore;
  publicUrl: string;
  allowLive: boolean;
}

const fmt = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '—';

async function ownedHit(db: Db, userId: number, id: number) {
  const h = await hits.findHit(db, id);
  if (!h || h.ownerId !== userId) throw new AppError(404, '监测记录不存在');
  return h;
}

export async function captureEvidence(env: TriageEnv, userId: number, id: number) {
  const h = await ownedHit(env.db, userId, id);
  const web = webFetcher(env.storage, env.allowLive);
  const [page, media] = await Promise.all([web.get(h.pageUrl), web.get(h.mediaUrl)]);
  if (page.status !== 200 && media.status !== 200) throw new AppError(422, '页面已无法访问，未能固定证据');
  const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
  const capturedAt = new Date().toISOString();
  // The snapshot (page HTML + media file) is stored; its manifest's hash goes into the evidence log.
  const snapshotKey = env.storage.newKey('monitor-evidence', 'json');
  const manifest = {
    pageUrl: h.pageUrl,
    mediaUrl: h.mediaUrl,
    capturedAt,
    page: { status: page.status, sha256: sha(page.body), html: page.body.toString('utf8').slice(0, 200_000) },
    media: { status: media.status, sha256: sha(media.body), contentType: media.contentType, bytes: media.body.length },
  };
  const body = Buffer.from(JSON.stringify(manifest));
  await env.storage.put(snapshotKey, body, { contentType: 'application/json' });
  const manifestSha = sha(body);
  const certNo = `MON${Date.now().toString(36).toUpperCase()}${h.id}`;
  const block = await env.db.tx(async (q) => {
    const b = await appendBlock(q, {
      type: 'monitor-evidence',
      sha256: manifestSha,
      certNo,
      hitId: h.id,
      workId: h.workId,
      pageUrl: h.pageUrl,
      pageSha256: manifest.page.sha256,
      mediaSha256: manifest.media.sha256,
    });
    const evidence = {
      height: b.height,
      leafHash: b.hash,
      sha256: manifestSha,
      certNo,
      pageSha256: manifest.page.sha256,
      mediaSha256: manifest.media.sha256,
      snapshotKey,
      capturedAt,
    };
    await hits.setHitFields(q, h.id, { evidence });
    await hitEvent(q, h.id, userId, 'evidence', evidence);
    return evidence;
  });
  return block;
}

export async function sendTakedown(env: TriageEnv, userId: number, id: number) {
  const h = await ownedHit(env.db, userId, id);
  if (!TRIAGEABLE.includes(h.status as never)) throw new AppError(409, '该记录已处理，不能发送侵权通知');
  const owner = await findUserById(env.db, userId);
  const certs = await hits.workCertificates(env.db, h.workId);
  const ev = h.evidence as { sha256?: string } | null;
  const pdf = Buffer.from(
    await takedownPdf({
      host: h.host,
      owner: owner?.nickname ?? owner?.username ?? String(userId),
      work: h.work.title,
      workId: String(h.workId),
      depositDate: certs.depositedAt ? fmt(certs.depositedAt) : '—',
      certNos: certs.certNos.length ? certs.certNos.join('、') : '（尚未存证）',
      firstSeen: fmt(h.firstSeenAt),
      lastSeen: fmt(h.lastSeenAt),
      pageUrl: h.pageUrl,
      mediaUrl: h.mediaUrl,
      similarity: `${Math.round(h.similarity * 100)}%`,
      licenceUrl: `${env.publicUrl}/${h.work.type === 1 ? 'video' : 'image'}/detail/${h.workId}`,
      evidenceSha256: ev?.sha256 ?? '（未固定证据）',
      date: fmt(new Date().toISOString()),
    }),
  );
  const key = env.storage.newKey('monitor-takedown', 'pdf');
  await env.storage.put(key, pdf, { contentType: 'application/pdf' });
  await env.db.tx(async (q) => {
    if (!(await hits.setHitStatus(q, h.id, TRIAGEABLE, 'takedown')))
      throw new AppError(409, '该记录已处理，不能发送侵权通知');
    await hits.setHitFields(q, h.id, { takedownKey: key });
    await hitEvent(q, h.id, userId, 'takedown', {
      key,
      sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
      certNos: certs.certNos,
    });
  });
  return { key, certNos: certs.certNos };
}

export async function offerLicence(env: TriageEnv, userId: number, id: number, scenario = 'enterprise_promotion') {
  const h = await ownedHit(env.db, userId, id);
  const token = h.offerToken ?? crypto.randomBytes(12).toString('hex');
  await env.db.tx(async (q) => {
    if (!(await hits.setHitStatus(q, h.id, TRIAGEABLE, 'offered')))
      throw new AppError(409, '该记录已处理，不能提供补授权');
    await hits.setHitFields(q, h.id, { offerToken: token, offerScenario: scenario });
    await hitEvent(q, h.id, userId, 'offer', { scenario });
  });
  return { token, link: `${env.publicUrl}/licence-offer/${token}` };
}

export async function triage(
  env: TriageEnv,
  userId: number,
  id: number,
  action: TriageAction,
  opts: { scenario?: string } = {},
) {
  if (action === 'evidence') return captureEvidence(env, userId, id);
  if (action === 'takedown') return sendTakedown(env, userId, id);
  if (action === 'offer') return offerLicence(env, userId, id, opts.scenario);
  const h = await ownedHit(env.db, userId, id);
  const to = TRIAGE_TO[action];
  if (!to) throw new AppError(400, '不支持的处理方式');
  await env.db.tx(async (q) => {
    if (!(await hits.setHitStatus(q, h.id, TRIAGEABLE, to))) throw new AppError(409, '该记录已处理，请刷新后重试');
    if (action === 'not_mine') {
      await q.query(
        'INSERT INTO monitor_false_positives (owner_id, media_hash, work_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [userId, h.mediaHash, h.workId],
      );
    }
    await hitEvent(q, h.id, userId, action);
  });
  return { status: to };
}

/** A site operator claims an offer: their account's site is registered, so a licence they buy covers the hit. */
export async function claimOffer(db: Db, userId: number, token: string) {
  const h = await hits.hitByOfferToken(db, token);
  if (!h) throw new AppError(404, '授权报价不存在或已失效');
  await addLicenseeSite(db, userId, new URL(h.pageUrl).host);
  await reconcileHit(db, h.id);
  return { workId: h.workId, scenario: h.scenario, title: h.title };
}

/** An offered hit whose site now belongs to a licence holder of the work becomes licensed use. */
export async function reconcileHit(db: Db, hitId: number): Promise<boolean> {
  const h = await hits.findHit(db, hitId);
  if (!h || !['offered', 'pending', 'takedown'].includes(h.status)) return false;
  const licence = await licenceForSite(db, h.workId, h.host);
  if (!licence) return false;
  return db.tx(async (q) => {
    const moved = await hits.setHitStatus(q, h.id, ['offered', 'pending', 'takedown'], 'licensed', {
      licenceId: licence.id,
    });
    if (moved) await hitEvent(q, h.id, null, 'licensed', { licenceId: licence.id });
    return moved;
  });
}

/** Re-checks the owner's offered hits (a buyer may have paid since). */
export async function reconcileOffers(db: Db, ownerId: number): Promise<number> {
  const ids = (
    await db.query<{ id: string }>("SELECT id FROM monitor_hits WHERE owner_id = $1 AND status = 'offered'", [ownerId])
  ).rows;
  let n = 0;
  for (const r of ids) if (await reconcileHit(db, Number(r.id))) n++;
  return n;
}
