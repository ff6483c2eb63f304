/**
 * Answers of /api/monitor (server/src/routes/monitor.ts serializes with them): the monitoring plan
 * overview, the add-work picker, hits and their triage, a hit's history, retroactive-licence
 * offers. Fields mirror server/src/repositories/monitor.ts and monitor-hits.ts; the hit's evidence
 * record and the triage of 'evidence' carry the digests written to the evidence log and pass
 * through as stored.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import materialType from '../enums/material-type.json';
import hitStatus from '../status/monitor-hit.json';
import { MONITOR_FREQUENCIES } from '../cyprotect/monitor';

const id = { type: 'integer' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const mediaKind = { type: 'string', enum: ['image', 'video'], description: 'image 图片，video 视频' } as const;
/** jsonb the server writes and nothing here reshapes (video time ranges, evidence records, event details). */
const stored = { type: ['object', 'null'], additionalProperties: true } as const;

const workType = labelled(materialType);

const monitorWorkSchema = {
  type: 'object',
  required: ['id', 'title', 'type', 'cover', 'fingerprintState', 'frames', 'hits'],
  properties: {
    id,
    title: { ...text, title: '作品名称' },
    type: workType,
    cover: nullableText,
    fingerprintState: { ...text, title: '指纹状态' },
    frames: { ...count, title: '指纹帧数' },
    hits: { ...count, title: '发现数' },
  },
} as const;

export const monitorOverviewSchema = {
  title: '版权监测概览',
  type: 'object',
  required: ['plan', 'quota', 'works', 'sources', 'runs', 'series', 'counts', 'limits'],
  properties: {
    plan: {
      type: ['object', 'null'],
      title: '监测计划',
      required: ['id', 'frequency', 'nextRunAt', 'createdAt'],
      properties: {
        id,
        frequency: labelled({ title: '监测频率', oneOf: MONITOR_FREQUENCIES }),
        nextRunAt: { ...time, title: '下次监测' },
        createdAt: time,
      },
    },
    quota: {
      type: 'object',
      title: '监测额度',
      required: ['left', 'total'],
      properties: { service: text, left: { ...count, title: '剩余' }, total: { ...count, title: '总数' } },
    },
    works: { type: 'array', title: '监测的作品', items: monitorWorkSchema },
    sources: {
      type: 'array',
      title: '监测来源',
      items: {
        type: 'object',
        required: ['id', 'kind', 'name', 'url', 'maxDepth', 'lastCrawledAt', 'lastStatus'],
        properties: {
          id,
          kind: { type: 'string', enum: ['web', 'platform'], description: 'web 网站，platform 平台' },
          name: { ...text, title: '来源名称' },
          url: { ...text, title: '网址' },
          maxDepth: { ...count, title: '抓取深度' },
          lastCrawledAt: { ...nullableTime, title: '上次抓取' },
          lastStatus: { ...nullableText, title: '上次结果' },
        },
      },
    },
    runs: {
      type: 'array',
      title: '最近的监测',
      items: {
        type: 'object',
        required: ['id', 'jobId', 'pages', 'media', 'hits', 'error', 'startedAt', 'finishedAt'],
        properties: {
          id,
          jobId: { type: ['integer', 'null'] },
          pages: { ...count, title: '页面数' },
          media: { ...count, title: '媒体数' },
          hits: { ...count, title: '发现数' },
          error: { ...nullableText, title: '错误' },
          startedAt: { ...time, title: '开始时间' },
          finishedAt: { ...nullableTime, title: '结束时间' },
        },
      },
    },
    series: {
      type: 'array',
      title: '近 30 天每日发现数',
      items: {
        type: 'object',
        required: ['day', 'kind', 'count'],
        properties: { day: { ...text, description: 'YYYY-MM-DD' }, kind: mediaKind, count },
      },
    },
    counts: {
      type: 'array',
      title: '各状态发现数',
      items: {
        type: 'object',
        required: ['status', 'kind', 'count'],
        properties: { status: labelled(hitStatus), kind: mediaKind, count },
      },
    },
    limits: {
      type: 'object',
      title: '监测限制',
      required: ['maxSources', 'maxDepth', 'maxPagesPerSource', 'politenessDelayMs', 'maxMediaBytes'],
      properties: {
        maxSources: { ...count, title: '来源数上限' },
        maxDepth: { ...count, title: '抓取深度上限' },
        maxPagesPerSource: { ...count, title: '每个来源的页面上限' },
        politenessDelayMs: { ...count, title: '请求间隔（毫秒）' },
        maxMediaBytes: { ...count, title: '媒体文件大小上限（字节）' },
      },
    },
    scanJob: {
      type: ['object', 'null'],
      title: '进行中的监测',
      required: ['id', 'progress', 'message', 'state'],
      properties: {
        id,
        progress: { type: 'number', title: '进度' },
        message: nullableText,
        state: { type: 'string', enum: ['queued', 'running'] },
      },
    },
  },
} as const;

export const monitorCandidatesSchema = {
  title: '可加入监测的作品',
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'type', 'cover'],
        properties: { id, title: { ...text, title: '作品名称' }, type: workType, cover: nullableText },
      },
    },
  },
} as const;

export const monitorWorkAddedSchema = {
  type: 'object',
  required: ['added'],
  properties: { added: { type: 'boolean', description: '此前不在监测中' } },
} as const;

export const monitorSourceAddedSchema = { type: 'object', required: ['id'], properties: { id } } as const;

export const monitorScanSchema = {
  type: 'object',
  required: ['jobId'],
  properties: { jobId: { ...id, title: '任务编号' } },
} as const;

const monitorHitSchema = {
  title: '监测发现',
  type: 'object',
  required: [
    'id',
    'workId',
    'mediaKind',
    'pageUrl',
    'mediaUrl',
    'host',
    'thumb',
    'similarity',
    'distance',
    'timeRange',
    'status',
    'licence',
    'evidence',
    'hasTakedown',
    'offerToken',
    'firstSeenAt',
    'lastSeenAt',
    'work',
  ],
  properties: {
    id,
    workId: id,
    mediaKind,
    pageUrl: { ...text, title: '页面地址' },
    mediaUrl: { ...text, title: '媒体地址' },
    host: { ...text, title: '网站' },
    mediaHash: { ...text, title: '媒体指纹' },
    thumb: { ...nullableText, title: '缩略图' },
    similarity: { type: 'number', title: '相似度' },
    distance: { type: 'integer', title: '指纹距离' },
    timeRange: { ...stored, title: '视频片段', description: '{original: [起, 止], candidate: [起, 止], mirrored}' },
    status: labelled(hitStatus),
    licence: {
      type: ['object', 'null'],
      title: '对应的授权',
      required: ['id', 'licenseeName', 'scenario', 'verifyCode'],
      properties: { id, licenseeName: text, scenario: text, verifyCode: text },
    },
    evidence: { ...stored, title: '固定的证据', description: '存证日志中的记录（证书编号、哈希、叶子序号），原样给出' },
    hasTakedown: { type: 'boolean', title: '已生成侵权通知函' },
    offerToken: nullableText,
    offerScenario: nullableText,
    firstSeenAt: { ...time, title: '首次发现' },
    lastSeenAt: { ...time, title: '最近发现' },
    work: {
      type: 'object',
      required: ['id', 'title', 'cover', 'type'],
      properties: { id, title: text, cover: nullableText, type: workType },
    },
  },
} as const;

export const monitorHitListSchema = {
  title: '监测发现列表',
  type: 'object',
  required: ['total', 'list'],
  properties: { total: id, list: { type: 'array', items: monitorHitSchema } },
} as const;

/**
 * The outcome of one triage action, by action: approve, not_mine, ignore give {status}; evidence
 * gives the evidence record as written to the evidence log (certNo, sha256, height, leafHash, page
 * and media SHA-256, snapshotKey, capturedAt); takedown gives {key, certNos}; offer gives {token,
 * link}. Declared open so the evidence record leaves exactly as written, key order included.
 */
export const monitorTriageSchema = {
  title: '处理结果',
  description:
    '按处理方式：status；或存证记录（certNo、sha256、height、leafHash…）；或 {key, certNos}；或 {token, link}',
  type: 'object',
  additionalProperties: true,
} as const;

export const monitorHitEventsSchema = {
  title: '处理记录',
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['action', 'detail', 'created_at'],
        properties: { action: { ...text, title: '操作' }, detail: stored, created_at: time },
      },
    },
  },
} as const;

export const monitorOfferSchema = {
  title: '补授权报价',
  type: 'object',
  required: [
    'workId',
    'title',
    'workType',
    'cover',
    'ownerName',
    'forSale',
    'scenario',
    'scenarioName',
    'scenarioDescription',
    'levelName',
    'priceCents',
    'pageUrl',
    'host',
    'mediaKind',
    'thumb',
    'timeRange',
    'firstSeenAt',
    'status',
    'viewerLicenceId',
  ],
  properties: {
    workId: id,
    title: { ...text, title: '作品名称' },
    workType,
    cover: nullableText,
    ownerName: { ...text, title: '权利人' },
    forSale: { type: 'boolean', title: '在售', description: '下架的作品不能购买授权' },
    scenario: { ...nullableText, title: '授权场景' },
    scenarioName: { ...nullableText, title: '授权场景名称' },
    scenarioDescription: nullableText,
    levelName: { ...nullableText, title: '授权级别' },
    priceCents: { type: ['integer', 'null'], minimum: 0, title: '授权价格（分）' },
    pageUrl: { ...text, title: '使用页面' },
    host: { ...text, title: '网站' },
    mediaKind,
    thumb: { ...nullableText, title: '发现的使用（缩略图）' },
    timeRange: { ...stored, title: '视频片段' },
    firstSeenAt: { ...time, title: '首次发现' },
    status: labelled(hitStatus),
    viewerLicenceId: { type: ['integer', 'null'], title: '访问者持有的授权', description: '已授权且由当前用户持有时' },
  },
} as const;

export const monitorOfferClaimSchema = {
  type: 'object',
  required: ['workId', 'scenario', 'title'],
  properties: { workId: id, scenario: nullableText, title: text },
} as const;

export type MonitorOverview = FromSchema<typeof monitorOverviewSchema>;
export type MonitorHit = FromSchema<typeof monitorHitSchema>;
