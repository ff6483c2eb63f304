import { describe, expect, it } from 'vitest';
import { linkTarget } from '../../../src/resources/views/RowActions';

describe('row link actions', () => {
  it('fills {field} from the row, encoding values but keeping client paths', () => {
    expect(linkTarget('/pay?orderId={orderId}', { id: 3, orderId: 41 })).toBe('/pay?orderId=41');
    expect(linkTarget('/x?q={name}', { name: 'a&b' })).toBe('/x?q=a%26b');
    expect(linkTarget('{recordsPath}', { recordsPath: '/cyprotect/mywebpage' })).toBe('/cyprotect/mywebpage');
  });
});
