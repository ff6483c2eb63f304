import { oid, OID } from '../../adapters/tsa/der.js';

/**
 * The genTime of an RFC 3161 TimeStampResp (DER): the first GeneralizedTime after the TSTInfo
 * content type, which is TSTInfo's genTime (version, policy, messageImprint and serialNumber come
 * before it and hold no time). Enough to show the TSA's time; verifying the token is openssl's job.
 */
export function tsaGenTime(resp: Buffer): Date | null {
  const at = resp.indexOf(oid(OID.tstInfo));
  if (at < 0) return null;
  for (let i = at; i < resp.length - 17; i++) {
    if (resp[i] !== 0x18) continue;
    const len = resp[i + 1];
    if (len < 15 || len > 24) continue;
    const s = resp.subarray(i + 2, i + 2 + len).toString('latin1');
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(s);
    if (m)
      return new Date(
        Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], m[7] ? Math.round(Number(m[7]) * 1000) : 0),
      );
  }
  return null;
}
