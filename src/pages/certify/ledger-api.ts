import { get } from '../../dataProvider/axios';
import type { ConsistencyProof, EvidenceReceiptBody, LogKey, PublishedCheckpoint } from '../../schemas/api/ledger';

/** Calls of the public evidence-log API (/api/protection/ledger, server/src/routes/ledger.ts); shapes: src/schemas/api/ledger.ts. */
export type { LogKey, PublishedCheckpoint };

export const fetchLogKey = () => get<LogKey>('/api/protection/ledger/key');
export const fetchCheckpoints = (params: { before?: number; limit?: number } = {}) =>
  get<{ list: PublishedCheckpoint[] }>('/api/protection/ledger/checkpoints', params).then((r) => r.list);
export const fetchConsistency = (from: number, to: number) =>
  get<ConsistencyProof>('/api/protection/ledger/consistency', { from, to });
export const fetchProof = (certNo: string) => get<EvidenceReceiptBody>('/api/protection/ledger/proof', { certNo });
