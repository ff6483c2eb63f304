import { describe, expect, it } from 'vitest';
import { consistencyPath, inclusionPath, leafHash, rootHash } from '../../../server/src/evidence/merkle.js';
import { storeOf } from '../../helpers/merkle-store.js';
import { rootFromInclusionProof, verifyConsistency } from '../../../verify-receipt.mjs';

// RFC 6962 / Certificate Transparency reference data: leaves, then the tree head of sizes 1..8.
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(
  (h) => Buffer.from(h, 'hex'),
);
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION = [
  {
    index: 0,
    size: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    path: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];
const CONSISTENCY = [
  {
    from: 1,
    to: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    from: 6,
    to: 8,
    path: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    from: 2,
    to: 5,
    path: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bufs = (xs: string[]) => xs.map((x) => Buffer.from(x, 'hex'));

describe('RFC 9162 Merkle tree over stored subtrees', () => {
  const get = storeOf(LEAVES);

  it('gives the Certificate Transparency reference tree heads for every size', () => {
    expect(hex(rootHash(get, 0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (let n = 1; n <= 8; n++) expect(hex(rootHash(get, n))).toBe(ROOTS[n - 1]);
  });

  it('produces the reference inclusion and consistency proofs, and the offline verifier accepts them', async () => {
    for (const v of INCLUSION) {
      expect(inclusionPath(get, v.index, 0, v.size).map(hex)).toEqual(v.path);
      const root = await rootFromInclusionProof(v.index, v.size, leafHash(LEAVES[v.index]), bufs(v.path));
      expect(hex(root!)).toBe(ROOTS[v.size - 1]);
    }
    for (const v of CONSISTENCY) {
      expect(consistencyPath(get, v.from, v.to).map(hex)).toEqual(v.path);
      expect(
        await verifyConsistency(
          v.from,
          v.to,
          Buffer.from(ROOTS[v.from - 1], 'hex'),
          Buffer.from(ROOTS[v.to - 1], 'hex'),
          bufs(v.path),
        ),
      ).toBe(true);
    }
  });

  it('every proof of every tree size up to 21 verifies, and a changed leaf, index or root does not', async () => {
    const leaves = Array.from({ length: 21 }, (_, i) => Buffer.from(`leaf ${i}`));
    const g = storeOf(leaves);
    for (let n = 1; n <= leaves.length; n++) {
      const root = rootHash(g, n);
      for (let m = 0; m < n; m++) {
        const path = inclusionPath(g, m, 0, n);
        expect(path.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
        expect(hex((await rootFromInclusionProof(m, n, leafHash(leaves[m]), path))!)).toBe(hex(root));
        if (n > 1) {
          expect(
            await rootFromInclusionProof(m, n, leafHash(leaves[(m + 1) % n]), path).then((r) => r && hex(r)),
          ).not.toBe(hex(root));
          // (The tree size itself is bound by the signed checkpoint, not by the path.)
          const other = (m ^ 1) < n ? m ^ 1 : m - 1;
          expect(await rootFromInclusionProof(other, n, leafHash(leaves[m]), path).then((r) => r && hex(r))).not.toBe(
            hex(root),
          );
        }
        const c = m + 1;
        const cp = consistencyPath(g, c, n);
        expect(await verifyConsistency(c, n, rootHash(g, c), root, cp)).toBe(true);
        if (c < n) {
          expect(await verifyConsistency(c, n, Buffer.alloc(32, 7), root, cp)).toBe(false);
          expect(await verifyConsistency(c, n, rootHash(g, c), Buffer.alloc(32, 7), cp)).toBe(false);
        }
      }
    }
  });
});
