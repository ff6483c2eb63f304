import { get, http, toRequestError, unwrap, type Envelope } from '../../dataProvider/axios';
import type { CredentialsVerify } from '../../schemas/api/content-credentials';

/** A deposit certificate's number: LM and 16 digits. */
export const DEPOSIT_CERT_NO = /^LM[0-9]{16}$/;

export interface DepositMatch {
  certNo: string;
  workName: string;
  workCategory: number;
  owner: string | null;
  fileName: string;
  depositedAt: string;
  ledgerHeight: number;
}

export interface CertificateCheck {
  certNo: string;
  workName: string;
  owner: string | null;
  fileName: string;
  sha256: string;
  depositedAt: string;
  valid: boolean;
  reason: string;
}

/** Completed deposits holding this SHA-256 (computed in the browser; the file is never sent). */
export const lookupSha256 = (sha256: string) =>
  get<{ sha256: string; matches: DepositMatch[] }>('/api/protection/lookup', { sha256 });
/** Public check of a deposit certificate by its number (the log entry and the chain up to it). */
export const verifyCertificate = (certNo: string) =>
  get<CertificateCheck>(`/api/protection/deposit/verify/${encodeURIComponent(certNo)}`);

/** Sends the file itself: its Content Credentials (C2PA) and perceptual fingerprint are read on the server. */
export async function verifyCredentials(file: File): Promise<CredentialsVerify> {
  try {
    const res = await http.post<Envelope<CredentialsVerify>>('/api/protection/credentials/verify', file, {
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    return unwrap(res.data);
  } catch (e) {
    throw toRequestError(e);
  }
}
