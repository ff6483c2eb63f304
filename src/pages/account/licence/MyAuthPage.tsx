import { Link } from 'react-router-dom';
import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { ListCard } from '../../../components/licence/ListCard';
import { DownloadButton } from '../../../components/licence/download-button';
import type { LicensedMaterial as Licensed } from '../../../schemas/api/licence-responses';

/** /account/myauth: the materials I hold licences for, with the original file and the latest certificate. */
export default function MyAuthPage() {
  return (
    <ListCard<Licensed>
      title="我的授权"
      apiPath="order/myauth"
      rowKey="materialId"
      empty={
        <span>
          还没有已授权的素材，<Link to="/">去挑选素材</Link>
        </span>
      }
      columns={[
        { title: '素材', dataIndex: 'title', render: (t, r) => <Link to={`/video/detail/${r.materialId}`}>{t}</Link> },
        {
          title: '授权场景',
          dataIndex: 'scenarioNames',
          render: (s: string[]) => s.map((n) => <Tag key={n}>{n}</Tag>),
        },
        { title: '最近授权', dataIndex: 'licensedAt', render: (d) => dayjs(d).format('YYYY-MM-DD HH:mm') },
        {
          title: '下载',
          key: 'dl',
          render: (_, r) => (
            <Space>
              {r.hasOriginal ? (
                <DownloadButton url={`/api/order/download/${r.materialId}`} label="下载原文件" fallbackName={r.title} />
              ) : (
                <Tag>原文件准备中</Tag>
              )}
              <DownloadButton
                url={`/api/order/licence/${r.latestLicenceId}/certificate`}
                label="授权证书"
                fallbackName="授权证书.pdf"
              />
            </Space>
          ),
        },
      ]}
    />
  );
}
