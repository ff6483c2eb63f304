// @vitest-isolated: shows antd's static message (toast), whose holder is module state rendered into the
// document of the first file that used it; a second such file in one shared worker (helper-toast)
// renders into a closed jsdom document and breaks React for the rest of the worker.
import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiRefusal, fakeApi } from '../../helpers/fake-api';
import { PhoneChangeModal } from '../../../src/pages/account/security/PhoneChangeModal';

const api = fakeApi();
const SEND_CODE = '/api/user/security/phone/code';
const CHANGE_PHONE = '/api/user/security/phone';

afterEach(cleanup);

describe('PhoneChangeModal', () => {
  it('checks the number with the schema rule before sending, then counts down', async () => {
    render(<PhoneChangeModal open hasPassword={false} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.change(screen.getByPlaceholderText('请输入新手机号'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(api.sent('POST', SEND_CODE)).toEqual([]);
    fireEvent.change(screen.getByPlaceholderText('请输入新手机号'), { target: { value: '13712345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(SEND_CODE, { phone: '13712345678' }));
    expect(await screen.findByRole('button', { name: /秒后重发/ })).toBeTruthy();
    expect(screen.queryByLabelText('当前密码')).toBeNull();
  });

  it('asks for the password when the account has one and shows a server refusal on its field', async () => {
    // The server's answer to a wrong password: 400 with the message on the field it concerns.
    api.answer('POST', CHANGE_PHONE, () => {
      throw new ApiRefusal('当前密码不正确', 400, { fieldErrors: { '/currentPassword': '当前密码不正确' } });
    });
    const onChanged = vi.fn();
    render(<PhoneChangeModal open hasPassword onClose={() => {}} onChanged={onChanged} />);
    fireEvent.change(screen.getByPlaceholderText('请输入新手机号'), { target: { value: '13712345678' } });
    fireEvent.change(screen.getByPlaceholderText('6位验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText('请输入当前密码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Wrong-1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认更换' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(CHANGE_PHONE, {
        phone: '13712345678',
        code: '123456',
        currentPassword: 'Wrong-1',
      }),
    );
    expect(api.sent('POST', CHANGE_PHONE)[0].encoding).toBe('json');
    expect(await screen.findByText('当前密码不正确')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
