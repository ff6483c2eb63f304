import { Link, useLocation } from 'react-router-dom';
import { List } from 'antd-mobile';
import { SERVICE_GROUPS, serviceIndex } from '../../pages/copyright/service-catalogue';
import { mobilePathFor } from '../desktop-link';

/**
 * /copyright (every service) and /copyright/protection (the protection services first): the
 * desktop's service index, each linking to its mobile page. Services without one (copyright
 * trading) are left out: a phone cannot open their desktop page.
 */
export default function CopyrightHomePage() {
  const protection = useLocation().pathname.startsWith('/copyright/protection');
  const groups = protection ? [SERVICE_GROUPS[1], SERVICE_GROUPS[0]] : SERVICE_GROUPS;
  return (
    <div className="m-page" data-testid="m-copyright">
      <div className="m-hero">
        <h2 style={{ fontSize: 20, margin: '0 0 6px' }}>{protection ? '版权保护' : '流明版权服务'}</h2>
        <p style={{ margin: 0, fontSize: 14 }}>
          {protection
            ? '监测侵权、固定证据、公证维权，保护您的每一件原创作品。'
            : '从存证、登记到监测、取证与交易，为原创作品提供全流程版权服务。'}
        </p>
      </div>
      {groups.map((g) => (
        <List key={g.key} header={`${g.title} · ${g.text}`}>
          {serviceIndex
            .filter((s) => s.group === g.key)
            .map((s) => ({ ...s, to: mobilePathFor(s.to) }))
            .filter((s): s is typeof s & { to: string } => s.to !== null)
            .map((s) => (
              <Link key={s.to} to={s.to} className="m-list-link" data-testid="m-service-link">
                <List.Item arrow description={s.text}>
                  {s.title}
                </List.Item>
              </Link>
            ))}
        </List>
      ))}
    </div>
  );
}
