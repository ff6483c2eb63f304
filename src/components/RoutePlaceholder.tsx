import { Card, Result } from 'antd';

/** Page frame for routes whose pages a later issue builds: shows the route title, claims nothing. */
export default function RoutePlaceholder({ title }: { title: string }) {
  return (
    <Card title={title}>
      <Result status="info" title={title} subTitle="该页面功能将在后续版本开放" />
    </Card>
  );
}
