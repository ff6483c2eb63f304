/**
 * Table-driven from the spec text: every enumeration, status table and upload rule the spec lists
 * must be in src/schemas with exactly those codes (and the spec's term in x-spec). The spec lines are
 * read from a stored verbatim copy (deterministic); a second test proves the copy quotes the spec
 * sections stored beside it (tests/fixtures/spec/product-spec-sections.md).
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { schemas, ruleRefFor, resolveRule, ruleMessage, type UploadRule } from '../../../src/schemas';

const ROOT = path.resolve(__dirname, '../../..');
const COPY = path.join(ROOT, 'tests/fixtures/spec/product-spec-tables.md');
const copyLines = fs
  .readFileSync(COPY, 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('- ') || l.startsWith('### '));

/** Text after "- <label>:" (or "<label>" inside a line), up to the next sentence when asked. */
function field(label: string, opts: { sentence?: boolean } = {}): string {
  const line = copyLines.find((l) => l.includes(`${label}:`) || l.includes(`${label} `));
  if (!line) throw new Error(`spec copy has no line for ${label}`);
  const at = line.indexOf(label) + label.length;
  let rest = line.slice(at).replace(/^:?\s*/, '');
  if (opts.sentence) rest = rest.split(/\.\s+[A-Z]/)[0];
  return rest.replace(/\.$/, '').trim();
}

const branches = (id: string) => {
  expect(schemas[id], id).toBeDefined();
  return schemas[id].oneOf as Array<{ const: string | number; title: string; 'x-spec': string; [k: string]: unknown }>;
};
const pairs = (id: string) => branches(id).map((b) => [b.const, b['x-spec']]);

/** "2 art, 1 photography; also 17 film" and "4 and 5 under review" -> [[code, term]]. */
function codeFirst(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (const item of text.split(/,\s*|;\s*(?:also\s+)?/)) {
    const m = /^(\d+)(?: and (\d+))?\s+(.+)$/.exec(item.trim());
    if (!m) throw new Error(`cannot parse "${item}"`);
    out.push([Number(m[1]), m[3]]);
    if (m[2]) out.push([Number(m[2]), m[3]]);
  }
  return out;
}
const names = (text: string) => text.split(/,\s*/).map((s) => s.trim());

describe('§3 enumerations match the spec exactly', () => {
  const codeTables: Array<[string, string]> = [
    ['Material types', 'lumen:enums/material-type'],
    ['Work categories', 'lumen:enums/work-category'],
    ['Media', 'lumen:enums/media'],
    ['Registration service', 'lumen:enums/registration-service'],
    ['Product types', 'lumen:enums/product-type'],
  ];
  it.each(codeTables)('%s', (label, id) => {
    expect(pairs(id)).toEqual(codeFirst(field(label)));
  });

  it('work categories: all 18 codes', () => expect(branches('lumen:enums/work-category')).toHaveLength(18));

  const nameTables: Array<[string, string]> = [
    ['Acquisition types', 'lumen:enums/acquisition-type'],
    ['Nature', 'lumen:enums/nature'],
    ['Deposit file types', 'lumen:enums/deposit-file-type'],
    ['Verification methods', 'lumen:enums/verification-method'],
    ['Work-name codes', 'lumen:enums/work-name-code'],
    ['Copyright service first types', 'lumen:enums/copyright-service-type'],
  ];
  it.each(nameTables)('%s', (label, id) => {
    expect(branches(id).map((b) => b.const)).toEqual(names(field(label)));
  });

  it('rights: the 17 entries, codes are the terms in snake_case', () => {
    const terms = names(field('Rights (17 entries)'));
    expect(terms).toHaveLength(17);
    expect(pairs('lumen:enums/right')).toEqual(terms.map((t) => [t.replace(/ /g, '_'), t]));
    expect(field('Rights list')).toMatch(/^17\b/);
  });

  it('search type filter: all (code 0), video 1, image 11, template 2', () => {
    const spec = names(field('Search type filter')).map((item) => {
      const m = /^(\w+)(?: (\d+))?$/.exec(item)!;
      return [m[2] ? Number(m[2]) : 0, m[1]];
    });
    expect(pairs('lumen:enums/search-type')).toEqual(spec);
  });

  it('video duration classes and their minute thresholds', () => {
    const spec = [...field('Video duration classes').matchAll(/(VIDEO_\w+) \(([^)]+)\)/g)].map((m) => [m[1], m[2]]);
    expect(pairs('lumen:enums/video-duration')).toEqual(spec);
    const [short, middle, long] = branches('lumen:enums/video-duration');
    const [a, b] = [...field('Video duration thresholds').matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect([short['x-max-minutes'], middle['x-min-minutes'], middle['x-max-minutes'], long['x-min-minutes']]).toEqual([
      a,
      a,
      b,
      b,
    ]);
  });

  it('owner types and certificate types', () => {
    expect(branches('lumen:enums/owner-type').map((b) => b.const)).toEqual(
      names(field('Owner types', { sentence: true })),
    );
    expect(pairs('lumen:enums/certificate-type')).toEqual(codeFirst(field('Certificate type')));
  });

  it('personal, organisation and non-organisation certificates', () => {
    const ids: Record<string, string> = {
      personal: 'personal-certificate',
      organisation: 'organisation-certificate',
      'non-organisation': 'non-organisation-certificate',
    };
    const groups = field('Certificates').split(/;\s*/);
    expect(groups).toHaveLength(3);
    for (const g of groups) {
      const [, who, list] = /^([\w-]+) (.+)$/.exec(g)!;
      expect(
        branches(`lumen:enums/${ids[who]}`).map((b) => b.const),
        who,
      ).toEqual(names(list));
    }
  });

  it('invoice types and tax rates (0 is exempt)', () => {
    expect(pairs('lumen:enums/invoice-type')).toEqual(codeFirst(field('Invoice types', { sentence: true })));
    const rates = names(field('Tax rates:')).map((r) => Number(r.split(' ')[0]));
    expect(branches('lumen:enums/tax-rate').map((b) => b.const)).toEqual(rates);
    expect(field('Tax rates:')).toContain('0 (exempt)');
    expect(branches('lumen:enums/tax-rate').find((b) => b.const === 0)!.title).toBe('免税');
    expect(names(field('Tax rates 6,').replace(/\..*$/, '')).map(Number)).toEqual([3, 1, 0]);
  });

  it('ownership types and the guoban subset', () => {
    const text = field('Ownership types');
    expect(branches('lumen:enums/ownership-type').map((b) => b.const)).toEqual(names(text.split(' (')[0]));
    const guoban = /has only (.+)\)/.exec(text)![1].split(' and ');
    expect(branches('lumen:enums/ownership-type-guoban').map((b) => b.const)).toEqual(guoban);
  });
});

describe('§4 status tables by index match the spec exactly', () => {
  const tables: Array<[string, string]> = [
    ['Work status', 'lumen:status/work'],
    ['Evidence-deposit status', 'lumen:status/evidence-deposit'],
    ['Discount coupon status', 'lumen:status/coupon'],
  ];
  it.each(tables)('%s', (label, id) => {
    expect(pairs(id)).toEqual(codeFirst(field(label)));
    for (const b of branches(id)) expect(b['x-color'], `${id} ${b.const}`).toBeTruthy();
  });

  it('uploader file and chunk states', () => {
    expect(branches('lumen:status/uploader-file').map((b) => b.const)).toEqual(
      names(field('Uploader file states', { sentence: true })),
    );
    expect(branches('lumen:status/uploader-chunk').map((b) => b.const)).toEqual(names(field('Chunk states')));
  });
});

describe('§5 upload rules per work type match the spec', () => {
  const categoryTerms = Object.fromEntries(
    branches('lumen:enums/work-category').map((b) => [b['x-spec'], [Number(b.const)]]),
  );
  const ALIASES: Record<string, number[]> = {
    ...categoryTerms,
    'design drawing': [6],
    design: [6],
    diagram: [14],
    map: [14],
    audiovisual: [3, 17],
  };
  const codesOf = (nameList: string): number[] =>
    nameList
      .toLowerCase()
      .replace(/^video-type works \((.+)\)$/, '$1')
      .split(/,\s*|\s+and\s+/)
      .flatMap((n) => {
        const c = ALIASES[n.trim()];
        if (!c) throw new Error(`unknown work type "${n}"`);
        return c;
      });

  /** Checks one "names: constraints" clause against the rule of every named category. */
  function expectClause(scope: 'deposit' | 'registration' | 'dci', clause: string, codes: number[]) {
    const [, , text] = /^([^:]+):\s*(.+)$/.exec(clause)!;
    for (const code of codes) {
      const ref = ruleRefFor(scope, code);
      expect(ref, `${scope} ${code}`).not.toBeNull();
      const rule = resolveRule(ref!) as UploadRule;
      const label = `${scope} ${code}: ${clause}`;
      const exts = /\b([A-Za-z0-9]+(?:\/[A-Za-z0-9]+)+)\b/.exec(text)?.[1] ?? /\b(PDF|MP4|MP3)\b/.exec(text)?.[1];
      if (exts) expect(rule.extensions, label).toEqual(exts.toLowerCase().split('/'));
      if (/\bimage\b/.test(text)) expect(rule.kind, label).toBe('image');
      const exception = /\((\w+) up to (\d+) MB\)/.exec(text);
      const mb =
        exception && ALIASES[exception[1]].includes(code)
          ? Number(exception[2])
          : Number(/(\d+) MB/.exec(text)?.[1] ?? NaN);
      if (!Number.isNaN(mb)) expect(rule.maxBytes, label).toBe(mb * 1024 * 1024);
      const count =
        /up to (\d+) (?!MB)(?:[A-Z/]+ )?(?:files|[A-Z])/.exec(text)?.[1] ??
        (/\bone (file|image|MP4)\b/.test(text) ? '1' : null);
      if (count) expect(rule.maxCount, label).toBe(Number(count));
      const dims = /between (\d+)x(\d+) and (\d+)x(\d+)/.exec(text);
      if (dims)
        expect([rule.minWidth, rule.minHeight, rule.maxWidth, rule.maxHeight], label).toEqual(
          dims.slice(1).map(Number),
        );
      const secs = /at least (\d+) seconds/.exec(text)?.[1];
      expect(rule.minDurationSec, label).toBe(secs ? Number(secs) : undefined);
      if (/many formats/.test(text)) expect(rule.extensions.length, label).toBeGreaterThanOrEqual(8);
    }
  }

  function section(heading: string): string[] {
    const start = copyLines.indexOf(heading);
    const out: string[] = [];
    for (const l of copyLines.slice(start + 1)) {
      if (l.startsWith('### ')) break;
      out.push(l.slice(2).replace(/\.$/, ''));
    }
    return out;
  }

  it('evidence deposit', () => {
    const lines = section('### Evidence-deposit uploads per work type');
    expect(lines).toHaveLength(4);
    for (const l of lines) expectClause('deposit', l, codesOf(l.split(':')[0]));
  });

  it('registration: every one of the 18 categories has a rule', () => {
    const lines = section('### Registration uploads');
    expect(lines).toHaveLength(7);
    for (const l of lines) expectClause('registration', l, codesOf(l.split(':')[0]));
    for (const b of branches('lumen:enums/work-category'))
      expect(ruleRefFor('registration', b.const), String(b.const)).not.toBeNull();
  });

  it('DCI: named types, then "others" by type with one file each', () => {
    const [line] = section('### DCI-style uploads');
    const clauses = line.split(/\.\s+/);
    const named = new Set<number>();
    for (const c of clauses.filter((x) => !x.startsWith('Others'))) {
      const codes = codesOf(c.split(':')[0]);
      codes.forEach((x) => named.add(x));
      expectClause('dci', c, codes);
    }
    const allowed = /Others: ([A-Z0-9/]+)/.exec(line)![1].toLowerCase().split('/');
    for (const b of branches('lumen:enums/work-category').filter((x) => !named.has(Number(x.const)))) {
      const rule = resolveRule(ruleRefFor('dci', b.const)!)!;
      expect(rule.maxCount, String(b.const)).toBe(1);
      for (const e of rule.extensions) expect(allowed, `${b.const} ${e}`).toContain(e);
    }
  });

  it('the deposit image message is the one the issue quotes', () => {
    expect(ruleMessage(resolveRule('lumen:rules/deposit#image')!)).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过5MB');
  });
});

describe('the stored spec copy', () => {
  // Only files inside the repository: a fresh clone has no shared/ folder beside it.
  it('quotes the spec sections kept in tests/fixtures/spec line for line', () => {
    const sections = fs.readFileSync(path.join(ROOT, 'tests/fixtures/spec/product-spec-sections.md'), 'utf8');
    const specLines = new Set(sections.split('\n'));
    expect(copyLines.length).toBeGreaterThan(30);
    for (const l of copyLines) expect(specLines.has(l), l).toBe(true);
  });
});
