import { describe, expect, it } from 'vitest';
import '../../../src/schemas';
import { ruleReport } from '../../../src/pages/copyright/rule-report';

describe('/tool upload-rule report', () => {
  it('checks a small JPEG against every image rule and names what it breaks', () => {
    const rows = ruleReport({ name: '小图.jpg', size: 20_000, type: 'image/jpeg', width: 640, height: 480 });
    const material = rows.find((r) => r.key === 'lumen:rules/material#image')!;
    // Creator uploads need at least 800 x 600.
    expect(material.problem).toMatch(/800/);
    expect(rows.some((r) => r.service === '版权存证' && r.problem === null)).toBe(true);
    // Video rules do not take a .jpg and are not listed.
    expect(rows.find((r) => r.key === 'lumen:rules/material#video')).toBeUndefined();
  });

  it('a 2-second MP4 is too short for a creator upload', () => {
    const rows = ruleReport({ name: 'clip.mp4', size: 1_000_000, type: 'video/mp4', durationSec: 2 });
    expect(rows.find((r) => r.key === 'lumen:rules/material#video')!.problem).toMatch(/3秒/);
  });
});
