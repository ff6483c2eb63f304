import { Link } from 'react-router-dom';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { ListCard } from '../../../components/licence/ListCard';

interface Download {
  id: number;
  materialId: number;
  title: string;
  kind: 'original' | 'certificate';
  createdAt: string;
}

/** /account/historyList: every original and certificate download, newest first. */
export default function HistoryListPage() {
  return (
    <ListCard<Download>
      title="下载记录"
      apiPath="order/history"
      empty="还没有下载记录"
      columns={[
        { title: '素材', dataIndex: 'title', render: (t, r) => <Link to={`/video/detail/${r.materialId}`}>{t}</Link> },
        {
          title: '类型',
          dataIndex: 'kind',
          render: (k) => (k === 'original' ? <Tag color="blue">原文件</Tag> : <Tag color="gold">授权证书</Tag>),
        },
        { title: '下载时间', dataIndex: 'createdAt', render: (d) => dayjs(d).format('YYYY-MM-DD HH:mm:ss') },
      ]}
    />
  );
}
