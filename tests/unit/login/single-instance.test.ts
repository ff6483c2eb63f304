import { describe, expect, it, vi } from 'vitest';
import { singleInstance } from '../../../src/components/login/single-instance';
import { loginInstance } from '../../../src/components/login/login-instance';
import {
  HELPER_IMAGES,
  openHelper,
  pickHelperImage,
  registerHelperShow,
  helperInstance,
} from '../../../src/components/login/helper';

describe('single-instance dialogs', () => {
  it('login: a second request is rejected while open; success resolves true', async () => {
    const show = vi.fn();
    const first = loginInstance.request(show);
    await expect(loginInstance.request(show)).rejects.toThrow('Login is already open');
    expect(show).toHaveBeenCalledTimes(1);
    loginInstance.succeed();
    await expect(first).resolves.toBe(true);
    expect(loginInstance.isOpen()).toBe(false);
  });

  it('closing without success rejects, and a new request is allowed afterwards', async () => {
    const d = singleInstance('busy', 'closed');
    const p = d.request(() => undefined);
    d.close();
    await expect(p).rejects.toThrow('closed');
    const q = d.request(() => undefined);
    d.succeed();
    await expect(q).resolves.toBe(true);
  });

  it('helper: same rule with Helper is already open; one of the two images at random', async () => {
    const show = vi.fn();
    registerHelperShow(show);
    const p = openHelper();
    await expect(openHelper()).rejects.toThrow('Helper is already open');
    helperInstance.close();
    await expect(p).rejects.toThrow();
    expect(pickHelperImage(() => 0)).toBe(HELPER_IMAGES[0]);
    expect(pickHelperImage(() => 0.99)).toBe(HELPER_IMAGES[1]);
    expect(HELPER_IMAGES).toHaveLength(2);
    registerHelperShow(null);
  });
});
