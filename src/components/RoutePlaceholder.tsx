import { Card, List, Result } from 'antd';
import { Link } from 'react-router-dom';
import type { RouteDef } from '../routes/route-table';
import { frameFor } from '../routes/route-frames';
import { pageLinks } from '../routes/page-links';

/**
 * Page frame for a route without a page module: its title, what the section or service is, and
 * links to related pages that exist. It describes; it does not announce anything.
 */
export default function RoutePlaceholder({ route }: { route: Pick<RouteDef, 'name' | 'title' | 'layout'> }) {
  const frame = frameFor(route);
  const links = pageLinks(frame.related);
  return (
    <Card title={route.title} data-testid="route-frame">
      <Result status="info" title={route.title} subTitle={frame.description} />
      {links.length > 0 && (
        <List
          header="相关页面"
          bordered
          dataSource={links}
          renderItem={(l) => (
            <List.Item>
              <Link to={l.to}>{l.label}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
