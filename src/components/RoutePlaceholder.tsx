import { Card, List, Result } from 'antd';
import { Link } from 'react-router-dom';
import { routeTable, type RouteDef } from '../routes/route-table';
import { pages } from '../routes/pages';
import { frameFor } from '../routes/route-frames';
import { linkPath } from '../layouts/centre-menu';

const byName = new Map(routeTable.map((r) => [r.name, r]));

/** Related routes that have a page and a plain link (no required params). */
function relatedLinks(names: string[]): RouteDef[] {
  return names
    .map((n) => byName.get(n))
    .filter((r): r is RouteDef => !!r && r.name in pages && !linkPath(r.path).includes(':'));
}

/**
 * Page frame for a route without a page module: its title, what the section or service is, and
 * links to related pages that exist. It describes; it does not announce anything.
 */
export default function RoutePlaceholder({ route }: { route: Pick<RouteDef, 'name' | 'title' | 'layout'> }) {
  const frame = frameFor(route);
  const links = relatedLinks(frame.related);
  return (
    <Card title={route.title} data-testid="route-frame">
      <Result status="info" title={route.title} subTitle={frame.description} />
      {links.length > 0 && (
        <List
          header="相关页面"
          bordered
          dataSource={links}
          renderItem={(r) => (
            <List.Item>
              <Link to={linkPath(r.path)}>{r.title}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
