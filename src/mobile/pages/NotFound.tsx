import { useNavigate } from 'react-router-dom';
import { Button, ErrorBlock } from 'antd-mobile';

/** Any path the mobile site does not have. */
export default function NotFound() {
  const navigate = useNavigate();
  return (
    <div className="m-page">
      <ErrorBlock status="empty" title="页面不存在" description="抱歉，您访问的页面不存在或已被移除">
        <Button color="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      </ErrorBlock>
    </div>
  );
}
