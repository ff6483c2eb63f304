import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

const api = vi.hoisted(() => ({ sendPhoneCode: vi.fn(), changePhone: vi.fn() }));
vi.mock('../../../src/pages/account/security/security-api', () => api);
import { PhoneChangeModal } from '../../../src/pages/account/security/PhoneChangeModal';
import { RequestError } from '../../../src/dataProvider/axios';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PhoneChangeModal', () => {
  it('checks the number with the schema rule before sending, then counts down', async () => {
    api.sendPhoneCode.mockResolvedValue(null);
    render(<PhoneChangeModal open hasPassword={false} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.change(screen.getByPlaceholderText('请输入新手机号'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(api.sendPhoneCode).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('请输入新手机号'), { target: { value: '13712345678' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(api.sendPhoneCode).toHaveBeenCalledWith('13712345678'));
    expect(await screen.findByRole('button', { name: /秒后重发/ })).toBeTruthy();
    expect(screen.queryByLabelText('当前密码')).toBeNull();
  });

  it('asks for the password when the account has one and shows a server refusal on its field', async () => {
    api.changePhone.mockRejectedValue(new RequestError('当前密码不正确', 400, { fieldErrors: { '/currentPassword': '当前密码不正确' } }));
    const onChanged = vi.fn();
    render(<PhoneChangeModal open hasPassword onClose={() => {}} onChanged={onChanged} />);
    fireEvent.change(screen.getByPlaceholderText('请输入新手机号'), { target: { value: '13712345678' } });
    fireEvent.change(screen.getByPlaceholderText('6位验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText('请输入当前密码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Wrong-1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认更换' }));
    await waitFor(() => expect(api.changePhone).toHaveBeenCalledWith({ phone: '13712345678', code: '123456', currentPassword: 'Wrong-1' }));
    expect(await screen.findByText('当前密码不正确')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
