/**
 * Content Credentials on upload (issue #34 part 2): what the C2PA manifest of a creator's original
 * says (claim generator, signer, validation, capture device, actions, digital source type), kept
 * as the work's provenance, and how the 「AI生成」 label follows from it and the creator's
 * declaration. Pure: the server maps its reader's output here (server/src/evidence/credentials),
 * the review and detail pages show the result, both from the same tables.
 */
import type { FromSchema } from './api/from-schema';
import { labelled, labelledOrNull } from './api/labels';
import { tableLabel } from './registry';
import aiGeneratedTable from './enums/ai-generated.json';
import aiSourceTable from './enums/ai-source.json';
import c2paActionTable from './enums/c2pa-action.json';
import digitalSourceTypeTable from './enums/digital-source-type.json';
import validationTable from './status/provenance-validation.json';

/** The IPTC vocabulary digitalSourceType values are URIs in. */
export const IPTC_DIGITAL_SOURCE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

export type ProvenanceValidation = (typeof validationTable.oneOf)[number]['const'];
export type AiSource = (typeof aiSourceTable.oneOf)[number]['const'];
export type AiGeneratedCode = (typeof aiGeneratedTable.oneOf)[number]['const'];

/** What a C2PA reader gives of the active manifest (server/src/evidence/credentials/read.ts fits it). */
export interface ManifestClaims {
  /** False when the manifest store is there but could not be parsed at all. */
  readable?: boolean;
  valid: boolean;
  failures: string[];
  signer: string | null;
  claimGenerator: string | null;
  actions: Array<{ action: string; digitalSourceType?: string; softwareAgent?: string; description?: string }>;
  assertions: Record<string, unknown>;
}

const nullableText = { type: ['string', 'null'] } as const;

/** The provenance of a work's original as responses carry it (null: the file has no manifest). */
export const provenanceSchema = {
  title: '内容凭证（C2PA）',
  description: '上传的原文件中内容凭证清单的摘要；作品文件没有内容凭证时为 null。',
  type: ['object', 'null'],
  required: [
    'validation',
    'failures',
    'claimGenerator',
    'signer',
    'captureDevice',
    'digitalSourceType',
    'aiGenerated',
    'actions',
  ],
  properties: {
    validation: { ...labelled(validationTable), title: '校验结果' },
    failures: { type: 'array', items: { type: 'string' }, title: '未通过的校验（C2PA 状态码）' },
    claimGenerator: { ...nullableText, title: '生成清单的软件' },
    signer: { ...nullableText, title: '签名者' },
    captureDevice: { ...nullableText, title: '拍摄设备' },
    digitalSourceType: {
      ...nullableText,
      title: '数字来源类型',
      description: 'IPTC 数字来源类型代码（lumen:enums/digital-source-type），表外的值为原 URI',
    },
    aiGenerated: { type: 'boolean', title: '清单记载为AI生成' },
    actions: {
      type: 'array',
      title: '操作记录',
      items: {
        type: 'object',
        required: ['action', 'digitalSourceType', 'softwareAgent', 'description'],
        properties: {
          action: { type: 'string', title: '操作', description: 'C2PA 操作名（lumen:enums/c2pa-action）' },
          digitalSourceType: nullableText,
          softwareAgent: { ...nullableText, title: '软件' },
          description: { ...nullableText, title: '说明' },
        },
      },
    },
  },
} as const;

export type Provenance = NonNullable<FromSchema<typeof provenanceSchema>>;

/** The AI fields every work response carrying provenance shares (detail page, review). */
export const aiLabelProperties = {
  aiGenerated: { type: 'boolean', title: tableLabel(aiGeneratedTable, 'yes') },
  aiSource: labelledOrNull(aiSourceTable, { title: 'AI生成标识的依据' }),
  aiDeclared: { type: ['boolean', 'null'], title: '创作者声明AI生成', description: '未声明为 null' },
  aiConflict: {
    type: 'boolean',
    title: '声明与内容凭证不一致',
    description: '内容凭证记载为AI生成，创作者却声明不是',
  },
  provenance: provenanceSchema,
} as const;

/** The short IPTC code of a digitalSourceType URI (the URI itself when it is not IPTC's). */
export function digitalSourceCode(uri: string): string {
  return uri.startsWith(IPTC_DIGITAL_SOURCE) ? uri.slice(IPTC_DIGITAL_SOURCE.length) : uri;
}

const AI_SOURCE_CODES = new Set<string>(
  digitalSourceTypeTable.oneOf
    .filter((b) => (b as { 'x-ai-generated'?: boolean })['x-ai-generated'])
    .map((b) => b.const),
);

/** True for the digital source types the table marks as AI generated (trainedAlgorithmicMedia...). */
export function isAiSourceType(uri: string | null | undefined): boolean {
  return !!uri && AI_SOURCE_CODES.has(digitalSourceCode(uri));
}

/** Chinese name of a C2PA action (its own name when the table has none). */
export const c2paActionLabel = (action: string): string => tableLabel(c2paActionTable, action);

/** Chinese name of a digital source type code or URI (the code when the table has none). */
export const digitalSourceTypeLabel = (code: string): string =>
  tableLabel(digitalSourceTypeTable, digitalSourceCode(code));

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** "Make Model" from an EXIF-like assertion (stds.exif or c2pa.metadata, keys with or without a prefix). */
function captureDeviceOf(assertions: Record<string, unknown>): string | null {
  for (const [label, content] of Object.entries(assertions)) {
    if (!/^(stds\.exif|c2pa\.metadata)/.test(label) || !content || typeof content !== 'object') continue;
    const fields = content as Record<string, unknown>;
    const pick = (name: string) =>
      text(Object.entries(fields).find(([k]) => k === name || k.endsWith(`:${name}`))?.[1]);
    const make = pick('Make');
    const model = pick('Model');
    if (make || model) return make && model && !model.startsWith(make) ? `${make} ${model}` : (model ?? make);
  }
  return null;
}

/**
 * The provenance summary of a manifest read from an upload; null when the file has none.
 * `skipped` records a file too large to read on upload.
 */
export function provenanceOf(claims: ManifestClaims | null | 'skipped'): Provenance | null {
  if (claims === 'skipped')
    return {
      validation: 'skipped',
      failures: [],
      claimGenerator: null,
      signer: null,
      captureDevice: null,
      digitalSourceType: null,
      aiGenerated: false,
      actions: [],
    };
  if (!claims) return null;
  const actions = claims.actions.map((a) => ({
    action: a.action,
    digitalSourceType: a.digitalSourceType ? digitalSourceCode(a.digitalSourceType) : null,
    softwareAgent: text(a.softwareAgent),
    description: text(a.description),
  }));
  // The creation's source type says what the asset is; any other action's AI source makes it AI-assisted.
  const sourced = actions.filter((a) => a.digitalSourceType);
  const source =
    sourced.find((a) => a.action === 'c2pa.created') ??
    sourced.find((a) => isAiSourceType(a.digitalSourceType)) ??
    sourced[0];
  return {
    validation: claims.readable === false ? 'unreadable' : claims.valid ? 'valid' : 'invalid',
    failures: [...new Set(claims.failures)],
    claimGenerator: text(claims.claimGenerator),
    signer: text(claims.signer),
    captureDevice: captureDeviceOf(claims.assertions),
    digitalSourceType: source?.digitalSourceType ?? null,
    aiGenerated: sourced.some((a) => isAiSourceType(a.digitalSourceType)),
    actions,
  };
}

/**
 * The 「AI生成」 label of a work: the manifest's word or the creator's declaration, either makes it
 * AI generated. A manifest saying AI against a declaration of "no" is a conflict the reviewer sees.
 */
export function aiLabelOf(
  provenance: Pick<Provenance, 'aiGenerated'> | null,
  declared: boolean | null | undefined,
): { aiGenerated: boolean; aiSource: AiSource | null; aiConflict: boolean } {
  const byManifest = !!provenance?.aiGenerated;
  const byDeclaration = declared === true;
  return {
    aiGenerated: byManifest || byDeclaration,
    aiSource: byManifest && byDeclaration ? 'both' : byManifest ? 'manifest' : byDeclaration ? 'declared' : null,
    aiConflict: byManifest && declared === false,
  };
}

/** The search filter's value for a work's label (lumen:enums/ai-generated). */
export const aiGeneratedCode = (ai: boolean): AiGeneratedCode => (ai ? 'yes' : 'no');

/** Whether the upload rules (lumen:rules/material) ask every work to declare AI generation. */
export function requiresAiDeclaration(rules: Record<string, unknown> | undefined): boolean {
  const d = rules?.['x-declarations'] as { requireAiDeclaration?: unknown } | undefined;
  return d?.requireAiDeclaration === true;
}

/**
 * The work form under the upload rules: `aiGenerated` required when the rule asks for it. The
 * client's form and the server's check of a create body both use this, so they cannot disagree.
 */
export function workFormUnderRules<T extends object>(form: T, rules: Record<string, unknown> | undefined): T {
  const f = form as { properties?: Record<string, unknown>; required?: unknown };
  if (!requiresAiDeclaration(rules) || !f.properties?.aiGenerated) return form;
  const required = Array.isArray(f.required) ? (f.required as string[]) : [];
  return required.includes('aiGenerated') ? form : { ...form, required: [...required, 'aiGenerated'] };
}
