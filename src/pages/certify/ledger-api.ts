import { get } from '../../dataProvider/axios';
import type { EvidenceReceipt } from '../../../verify-receipt.mjs';

/** Calls of the public evidence-log API (/api/protection/ledger, server/src/routes/ledger.ts). */
export interface LogKey {
  origin: string;
  verifierKey: string;
  algorithm: string;
  tsa: { name: string; certificate: string | null; rootCertificate: string | null } | null;
}
export interface PublishedCheckpoint {
  treeSize: number;
  rootHash: string;
  note: string;
  timestamp: string | null;
  createdAt: string;
}

export const fetchLogKey = () => get<LogKey>('/api/protection/ledger/key');
export const fetchCheckpoints = (params: { before?: number; limit?: number } = {}) =>
  get<{ list: PublishedCheckpoint[] }>('/api/protection/ledger/checkpoints', params).then((r) => r.list);
export const fetchConsistency = (from: number, to: number) => get<{ from: number; to: number; path: string[] }>('/api/protection/ledger/consistency', { from, to });
export const fetchProof = (certNo: string) => get<EvidenceReceipt>('/api/protection/ledger/proof', { certNo });
