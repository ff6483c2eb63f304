import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

vi.setConfig({ testTimeout: 30_000 });

// A browser without File/Blob.slice: simple-uploader.js reports support = false and does nothing else.
vi.mock('simple-uploader.js', () => ({
  default: class {
    support = false;
  },
}));

const { ChunkUploader, MSG_NO_FILE_API } = await import('../../../src/components/uploader');
const { UPLOADER_DEFAULTS, chunkUploadedByResponse, uploaderOptions } =
  await import('../../../src/components/uploader/uploader-options');

afterEach(cleanup);

describe('uploader without the file API, and its settings', () => {
  it('shows the notice instead of a drop zone (spec §8)', () => {
    render(<ChunkUploader workType={1} />);
    expect(screen.getByText(MSG_NO_FILE_API)).toBeInTheDocument();
    expect(screen.queryByTestId('upload-drop')).toBeNull();
  });

  it('uses the §9 defaults, sets chunk retries and the server id as identifier', () => {
    const opts = uploaderOptions(() => 'u000000000000000000000042');
    expect(opts).toMatchObject({
      chunkSize: 1024 * 1024,
      simultaneousUploads: 3,
      progressCallbacksInterval: 500,
      testChunks: true,
      target: '/api/upload/chunk',
    });
    expect(opts.maxChunkRetries).toBeGreaterThan(0);
    expect(opts.successStatuses).toEqual([200, 201, 202]);
    for (const s of [404, 415, 500, 501]) expect(opts.permanentErrors).toContain(s);
    for (const s of [204, 503]) expect(opts.permanentErrors).not.toContain(s);
    expect(opts.generateUniqueIdentifier!(new File(['x'], '山川.mp4'))).toBe('u000000000000000000000042');
    expect(UPLOADER_DEFAULTS.chunkRetryInterval).toBe(1000);
  });

  it('one answer marks every listed chunk uploaded', () => {
    const msg = JSON.stringify({ code: 200, data: { uploaded: [1, 2, 5] } });
    const uploaded = [0, 1, 2, 3, 4].map((offset) => chunkUploadedByResponse({ offset } as any, msg));
    expect(uploaded).toEqual([true, true, false, false, true]);
    expect(chunkUploadedByResponse({ offset: 0 } as any, 'not json')).toBe(false);
  });
});
