import { Button, Result, Space } from 'antd';
import { Link } from 'react-router-dom';

/** The /404 page every unknown path lands on. */
export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在或已被移除"
      extra={
        <Space>
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
          <Link to="/search">
            <Button>搜索素材</Button>
          </Link>
        </Space>
      }
    />
  );
}
