import { describe, expect, it } from 'vitest';
import { maskName } from '../../../server/src/services/trace-timeline.js';

describe('buyer names on the trace timeline', () => {
  it('keep only the first and last character, at most four stars between', () => {
    expect(maskName('青禾广告有限公司')).toBe('青****司');
    expect(maskName('影像爱好者')).toBe('影***者');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('王')).toBe('*');
    expect(maskName('  ')).toBe('匿名买家');
    expect(maskName(null)).toBe('匿名买家');
    // Characters outside the BMP count as one, so a name is never cut inside a surrogate pair.
    expect(maskName('𠀀ab𠀁')).toBe('𠀀**𠀁');
  });
});
