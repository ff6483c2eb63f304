import { describe, expect, it } from 'vitest';
import {
  aiLabelOf,
  c2paActionLabel,
  digitalSourceTypeLabel,
  IPTC_DIGITAL_SOURCE,
  isAiSourceType,
  provenanceOf,
  requiresAiDeclaration,
  workFormUnderRules,
  type ManifestClaims,
} from '../../../src/schemas/provenance';
import { schemas } from '../../../src/schemas';

const iptc = (code: string) => `${IPTC_DIGITAL_SOURCE}${code}`;
const claims = (over: Partial<ManifestClaims> = {}): ManifestClaims => ({
  readable: true,
  valid: true,
  failures: [],
  signer: 'Example Camera Signer',
  claimGenerator: 'Example Editor 2.0',
  actions: [],
  assertions: {},
  ...over,
});

/** The manifest -> provenance summary mapping of uploads (issue #34 part 2), and the 「AI生成」 rule. */
describe('provenance summary of a C2PA manifest', () => {
  it('no manifest is no provenance; a skipped read says so', () => {
    expect(provenanceOf(null)).toBeNull();
    expect(provenanceOf('skipped')).toMatchObject({ validation: 'skipped', aiGenerated: false, actions: [] });
  });

  it('trainedAlgorithmicMedia on c2pa.created is AI generated, with the actions in order', () => {
    const p = provenanceOf(
      claims({
        actions: [
          { action: 'c2pa.created', digitalSourceType: iptc('trainedAlgorithmicMedia'), softwareAgent: ' Gen AI ' },
          { action: 'c2pa.cropped' },
          { action: 'com.example.custom', description: '自定义' },
        ],
      }),
    )!;
    expect(p).toEqual({
      validation: 'valid',
      failures: [],
      claimGenerator: 'Example Editor 2.0',
      signer: 'Example Camera Signer',
      captureDevice: null,
      digitalSourceType: 'trainedAlgorithmicMedia',
      aiGenerated: true,
      actions: [
        {
          action: 'c2pa.created',
          digitalSourceType: 'trainedAlgorithmicMedia',
          softwareAgent: 'Gen AI',
          description: null,
        },
        { action: 'c2pa.cropped', digitalSourceType: null, softwareAgent: null, description: null },
        { action: 'com.example.custom', digitalSourceType: null, softwareAgent: null, description: '自定义' },
      ],
    });
  });

  it('an AI composite placed into a photo makes it AI generated too; the creation keeps its own source type', () => {
    const p = provenanceOf(
      claims({
        actions: [
          { action: 'c2pa.created', digitalSourceType: iptc('digitalCapture') },
          { action: 'c2pa.placed', digitalSourceType: iptc('compositeWithTrainedAlgorithmicMedia') },
        ],
      }),
    )!;
    expect(p).toMatchObject({ digitalSourceType: 'digitalCapture', aiGenerated: true });
  });

  it('algorithmicMedia counts as AI; digitalCapture, an unknown URI and none do not', () => {
    expect(isAiSourceType(iptc('algorithmicMedia'))).toBe(true);
    expect(isAiSourceType('algorithmicMedia')).toBe(true);
    expect(isAiSourceType(iptc('digitalCapture'))).toBe(false);
    expect(isAiSourceType('https://example.com/trainedAlgorithmicMedia')).toBe(false);
    expect(isAiSourceType(null)).toBe(false);
    const other = provenanceOf(
      claims({ actions: [{ action: 'c2pa.created', digitalSourceType: 'https://example.com/x' }] }),
    )!;
    expect(other).toMatchObject({ digitalSourceType: 'https://example.com/x', aiGenerated: false });
  });

  it('the capture device from an EXIF assertion, with or without a namespace prefix', () => {
    expect(
      provenanceOf(claims({ assertions: { 'stds.exif': { 'exif:Make': 'Canon', 'exif:Model': 'EOS R5' } } }))!
        .captureDevice,
    ).toBe('Canon EOS R5');
    expect(
      provenanceOf(claims({ assertions: { 'c2pa.metadata': { 'tiff:Make': 'Canon', 'tiff:Model': 'Canon EOS R5' } } }))!
        .captureDevice,
    ).toBe('Canon EOS R5');
    expect(provenanceOf(claims({ assertions: { 'stds.exif': { Model: 'iPhone 15 Pro' } } }))!.captureDevice).toBe(
      'iPhone 15 Pro',
    );
    expect(provenanceOf(claims({ assertions: { 'cn.lumen.licence': { Make: 'x' } } }))!.captureDevice).toBeNull();
  });

  it('validation: valid, invalid with its failure codes once each, unreadable', () => {
    const failures = ['assertion.dataHash.mismatch', 'assertion.dataHash.mismatch'];
    expect(provenanceOf(claims({ valid: false, failures }))).toMatchObject({
      validation: 'invalid',
      failures: ['assertion.dataHash.mismatch'],
    });
    expect(provenanceOf(claims({ readable: false, valid: false, signer: null }))).toMatchObject({
      validation: 'unreadable',
      signer: null,
    });
  });

  it('Chinese names from the tables, the raw name outside them', () => {
    expect(c2paActionLabel('c2pa.color_adjustments')).toBe('调整颜色');
    expect(c2paActionLabel('com.example.custom')).toBe('com.example.custom');
    expect(digitalSourceTypeLabel(iptc('trainedAlgorithmicMedia'))).toBe('训练模型生成');
  });
});

describe('the 「AI生成」 label and the declaration rule', () => {
  it('manifest or declaration, either; a manifest against a "no" is a conflict', () => {
    const ai = { aiGenerated: true };
    const not = { aiGenerated: false };
    expect(aiLabelOf(ai, true)).toEqual({ aiGenerated: true, aiSource: 'both', aiConflict: false });
    expect(aiLabelOf(ai, false)).toEqual({ aiGenerated: true, aiSource: 'manifest', aiConflict: true });
    expect(aiLabelOf(ai, null)).toEqual({ aiGenerated: true, aiSource: 'manifest', aiConflict: false });
    expect(aiLabelOf(not, true)).toEqual({ aiGenerated: true, aiSource: 'declared', aiConflict: false });
    expect(aiLabelOf(null, false)).toEqual({ aiGenerated: false, aiSource: null, aiConflict: false });
    expect(aiLabelOf(null, undefined)).toEqual({ aiGenerated: false, aiSource: null, aiConflict: false });
  });

  it('the shipped upload rules require the declaration; the work form gets it required only then', () => {
    const rules = schemas['lumen:rules/material'];
    const form = schemas['lumen:forms/work'];
    expect(requiresAiDeclaration(rules)).toBe(true);
    expect(form.required).not.toContain('aiGenerated');
    expect(workFormUnderRules(form, rules).required).toEqual([...form.required, 'aiGenerated']);
    const off = { ...rules, 'x-declarations': { requireAiDeclaration: false } };
    expect(workFormUnderRules(form, off)).toBe(form);
    expect(workFormUnderRules(form, undefined)).toBe(form);
  });
});
