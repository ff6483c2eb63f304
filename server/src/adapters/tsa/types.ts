/**
 * Trusted-timestamp seam (RFC 3161). The evidence log asks for a token over each checkpoint it
 * signs (server/src/evidence/checkpoints.ts) and publishes it in receipts.
 *
 * A real TSA (e.g. the national time service centre's TSA, or any RFC 3161 service) is reached by
 * `HttpTimestampAuthority`: POST application/timestamp-query, answer application/timestamp-reply.
 * The sandbox (`SandboxTimestampAuthority`) is a real TSA with a local test CA whose tokens
 * `openssl ts -verify -CAfile ca.pem` accepts; nobody outside trusts that CA.
 */
export interface TimestampAuthority {
  readonly name: string;
  /** An RFC 3161 TimeStampResp (DER) whose token's message imprint is SHA-256(data). */
  timestamp(data: Uint8Array): Promise<Buffer>;
  /** PEM certificates to publish: the TSA's own and the root it chains to (when known). */
  certificates(): { tsa: string | null; ca: string | null };
}
