import { describe, expect, it } from 'vitest';
import { withoutFiles } from '../../../src/components/drafts/without-files';

describe('drafts keep typed fields, never chosen files', () => {
  it('drops file metadata at any depth and keeps everything else', () => {
    const file = { name: '山水.jpg', size: 1024, type: 'image/jpeg', width: 800, height: 600 };
    const data = {
      workName: '山水',
      workCategory: 1,
      files: [file, file],
      owner: { name: '张三', idCard: { front: file } },
      tags: ['风景'],
      agree: true,
    };
    expect(withoutFiles(data)).toEqual({
      workName: '山水',
      workCategory: 1,
      owner: { name: '张三', idCard: {} },
      tags: ['风景'],
      agree: true,
    });
  });
});
