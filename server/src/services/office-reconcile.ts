/**
 * Reconciling with the outside offices: callbacks get lost or arrive out of order, so the product
 * asks the office for a case's status (its state and every signed decision so far) and applies, in
 * the office's order, the decisions it missed. Runs as a job when a callback arrives ahead of its
 * turn, and for every open case the office has been quiet about for a while (a recurring sweep),
 * as real offices' APIs expect of their clients. Durable job queue: survives restarts, retries.
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/index.js';
import type { Config } from '../config.js';
import type { ObjectStore } from '../storage/types.js';
import type { Office, OfficeCaseStatus, OfficeDecision } from '../adapters/sandbox-office.js';
import { copyrightAuthority } from '../adapters/authority/index.js';
import { notaryOffice } from '../adapters/notary/index.js';
import { defineTask, enqueue } from '../jobs/index.js';
import { lockCaseRecord, quietOpenCases } from '../repositories/office-notifications.js';
import { REG } from '../repositories/registrations.js';
import { NOTARY } from '../repositories/notarizations.js';
import { OFFICE_RECONCILE_TASK, type DecisionOutcome } from './office-decisions.js';
import { applyAuthorityDecision } from './registration-progress.js';
import { applyNotaryDecision } from './notarization.js';

export const OFFICE_SWEEP_TASK = 'office.reconcile-sweep';
/** A case the office said nothing about for this long gets a status query. */
export const QUIET_MS = 30 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

/** Records still waiting on the office (its decision can still move them). */
const OPEN_STATUSES: Record<Office, number[]> = {
  authority: [REG.SUBMITTED, REG.REVIEW, REG.CORRECTION],
  notary: [NOTARY.SUBMITTED, NOTARY.ACCEPTED, NOTARY.INFO],
};

interface Services {
  db: Db;
  storage: ObjectStore;
  config: Config;
}

interface Reconciled {
  state: string;
  seq: number;
  outcomes: DecisionOutcome[];
}

/** Asks the office for a case's status and applies the decisions after the record's last one, in order. */
export function reconcileCase(s: Services, office: Office, caseNo: string): Promise<Reconciled> {
  if (office === 'authority') {
    const authority = copyrightAuthority(s.config, s.db);
    return applyMissed(s.db, office, caseNo, authority, (d) => applyAuthorityDecision(s.db, s.storage, authority, d));
  }
  const notary = notaryOffice(s.config, s.db);
  return applyMissed(s.db, office, caseNo, notary, (d) => applyNotaryDecision(s.db, s.storage, notary, d));
}

async function applyMissed<D extends OfficeDecision>(
  db: Db,
  office: Office,
  caseNo: string,
  adapter: {
    status(caseNo: string): Promise<OfficeCaseStatus>;
    verifyDecision(body: Record<string, unknown>): D | null;
  },
  apply: (d: D) => Promise<DecisionOutcome>,
): Promise<Reconciled> {
  const status = await adapter.status(caseNo);
  const record = await lockCaseRecord(db, office, caseNo);
  const outcomes: DecisionOutcome[] = [];
  for (const body of record ? status.decisions : []) {
    const d = adapter.verifyDecision(body);
    // The status answer is the office's word like a callback: a decision failing its signature stops the run.
    if (!d) throw new Error(`${office} status of ${caseNo}: a decision fails its signature`);
    if (d.seq > record!.seq) outcomes.push(await apply(d));
  }
  return { state: status.state, seq: status.seq, outcomes };
}

/** Queues a status query for every open case the office has been quiet about for `quietMs`. */
export async function reconcileQuietCases(q: Queryable, quietMs = QUIET_MS): Promise<number> {
  let queued = 0;
  for (const office of ['authority', 'notary'] as const) {
    for (const caseNo of await quietOpenCases(q, office, OPEN_STATUSES[office], quietMs)) {
      await enqueue(q, OFFICE_RECONCILE_TASK, { office, caseNo }, { dedupeKey: `${office}:${caseNo}` });
      queued++;
    }
  }
  return queued;
}

defineTask<{ office: Office; caseNo: string }>(
  OFFICE_RECONCILE_TASK,
  async (p, ctx) => {
    await ctx.progress(0, '正在向机构查询办理状态');
    const r = await reconcileCase(ctx, p.office, p.caseNo);
    return { state: r.state, seq: r.seq, applied: r.outcomes.filter((o) => o === 'applied').length };
  },
  { maxAttempts: 8, timeoutMs: 2 * 60_000, concurrency: 2 },
);

function scheduleSweep(q: Queryable, slot: number, runAt: Date) {
  return enqueue(q, OFFICE_SWEEP_TASK, { slot }, { runAt, dedupeKey: `slot:${slot}` });
}

defineTask<{ slot: number }>(
  OFFICE_SWEEP_TASK,
  async (p, ctx) => {
    // The next period first, so a failing sweep never ends the chain (as the upload sweep).
    const next = p.slot + 1;
    await scheduleSweep(ctx.db, next, new Date(next * SWEEP_INTERVAL_MS));
    return { queued: await reconcileQuietCases(ctx.db) };
  },
  { maxAttempts: 3, timeoutMs: 5 * 60_000, concurrency: 1 },
);

/** At start (not in tests), queue this hour's sweep; it re-queues itself every hour. */
export function registerOfficeSweep(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return;
    const slot = Math.floor(Date.now() / SWEEP_INTERVAL_MS);
    await scheduleSweep(app.db, slot, new Date(Date.now() + 30_000));
  });
}
