import { Typography } from 'antd';

/** The dialog's one error line (validation messages and the server's message). */
export function FormError({ text }: { text: string | null }) {
  return (
    <div style={{ minHeight: 22, margin: '8px 0' }} role="alert">
      {text ? <Typography.Text type="danger">{text}</Typography.Text> : null}
    </div>
  );
}
