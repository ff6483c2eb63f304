import { describe, expect, it } from 'vitest';
import { resourceDefs } from '../../../src/resources/index.js';

/** Generated labels read the record's noun: 新建发票, 暂无邀请, 发票详情 (not 新建发票管理, 暂无邀请记录记录). */
describe('resource nouns', () => {
  it('name one record, not the page', () => {
    for (const def of resourceDefs) {
      expect(def.noun, def.name).not.toMatch(/^我的|管理$|记录记录/);
      expect(`暂无${def.noun}`, def.name).not.toMatch(/记录记录$/);
      expect(def.title, def.name).toContain(def.noun.replace(/申请$/, '').slice(0, 2));
    }
  });
});
