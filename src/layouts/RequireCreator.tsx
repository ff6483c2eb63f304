import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useUser } from '../components/user/UserContext';

/**
 * The creator centre for accounts without the creator role: a way to become one instead of pages
 * whose every call answers 403. Visitors pass through to the login guard of each page.
 */
export function RequireCreator({ children }: { children: ReactNode }) {
  const { user } = useUser();
  if (!user || user.roles.includes('creator')) return <>{children}</>;
  return (
    <div data-testid="become-creator">
      <Result
        status="info"
        title="成为创作者后即可使用创作者中心"
        subTitle="签署创作者协议后，您可以上传作品、获得销售分成并为作品存证。"
        extra={
          <Link to="/signCreator">
            <Button type="primary">成为创作者</Button>
          </Link>
        }
      />
    </div>
  );
}
