/**
 * The answer of every /api/upload call (server/src/routes/upload.ts): lumen:api/upload (upload.json
 * beside this file), as the routes serialize it. `meta` is what the media probe read from the file
 * (dimensions, duration…), open by nature, so its keys pass through as they are.
 */
import upload from './upload.json';

export const uploadStatusSchema = {
  ...upload,
  properties: {
    ...upload.properties,
    meta: { ...upload.properties.meta, title: '文件信息', additionalProperties: true },
  },
} as const;
