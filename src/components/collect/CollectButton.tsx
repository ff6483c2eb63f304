import { Button } from 'antd';
import { HeartOutlined } from '@ant-design/icons';

/** Collect a material into one of the user's albums. (Owned by the trade work.) */
export default function CollectButton({ materialId }: { materialId: number }) {
  return <Button icon={<HeartOutlined />} data-material={materialId}>收藏</Button>;
}
