import '../../helpers/antd-jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { RequestError } from '../../../src/dataProvider/axios';

const api = vi.hoisted(() => ({ fetchAwaitingUploads: vi.fn(), createWorks: vi.fn() }));
// The bundled form schema (no server to fetch the staff-edited version from) and no categories.
vi.mock('../../../src/hooks/use-schema', async (actual) => {
  const { formOf } = await import('../../../src/schemas/registry');
  return { ...(await actual<object>()), useFormSchema: (id: string) => ({ ...formOf(id), loading: false }) };
});
vi.mock('../../../src/components/schema-form/widgets/MaterialCategoryWidget', () => ({
  MaterialCategoryWidget: () => null,
}));
vi.mock('../../../src/pages/creator/upload/work-batch', async (actual) => ({ ...(await actual<object>()), ...api }));
const { WorkBatchForm } = await import('../../../src/pages/creator/upload/WorkBatchForm');

const uploads = [
  { id: 'u000000000000000000000001', filename: '西湖晨雾.mp4', size: 2_000_000, mime: 'video/mp4' },
  { id: 'u000000000000000000000002', filename: '雪山日出.mp4', size: 3_000_000, mime: 'video/mp4' },
];

function renderForm() {
  return render(
    <MemoryRouter>
      <AntdApp>
        <WorkBatchForm workType={1} reloadKey={0} />
      </AntdApp>
    </MemoryRouter>,
  );
}

describe('upload page work form (batch)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('applies shared fields to the selected files, keeps per-row titles and submits them for review in one request', async () => {
    api.fetchAwaitingUploads.mockResolvedValue(uploads);
    api.createWorks.mockResolvedValue({ works: [{ id: 1 }, { id: 2 }] });
    const user = userEvent.setup();
    renderForm();
    const second = await screen.findByLabelText('雪山日出.mp4的作品标题');
    expect(screen.getByLabelText('西湖晨雾.mp4的作品标题')).toHaveValue('西湖晨雾');
    await user.clear(second);
    await user.type(second, '雪山日出延时');
    await user.type(screen.getByLabelText(/作品描述/), '4K 航拍');
    await user.click(screen.getByTestId('apply-shared'));
    await user.click(screen.getByTestId('submit-works'));
    await waitFor(() => expect(api.createWorks).toHaveBeenCalledTimes(1));
    const [items, submit] = api.createWorks.mock.calls[0];
    expect(submit).toBe(true);
    expect(items).toEqual([
      expect.objectContaining({
        uploadId: uploads[0].id,
        type: 1,
        title: '西湖晨雾',
        description: '4K 航拍',
        deposit: true,
      }),
      expect.objectContaining({
        uploadId: uploads[1].id,
        type: 1,
        title: '雪山日出延时',
        description: '4K 航拍',
        deposit: true,
      }),
    ]);
  });

  it("shows the server's field error on the row it concerns", async () => {
    api.fetchAwaitingUploads.mockResolvedValue(uploads);
    api.createWorks.mockRejectedValue(
      new RequestError('第2个作品：作品标题需为2至60个字', 400, {
        fieldErrors: { '/items/1/title': '作品标题需为2至60个字' },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await screen.findByLabelText('雪山日出.mp4的作品标题');
    await user.click(screen.getByRole('button', { name: /保存为草稿/ }));
    expect(await screen.findByText('作品标题需为2至60个字')).toBeInTheDocument();
    expect(api.createWorks.mock.calls[0][1]).toBe(false);
    expect(screen.getByLabelText('雪山日出.mp4的作品标题')).toHaveClass('ant-input-status-error');
    expect(screen.getByLabelText('西湖晨雾.mp4的作品标题')).not.toHaveClass('ant-input-status-error');
  });
});
