import { Link } from 'react-router-dom';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { ListCard } from '../../../components/licence/ListCard';
import { DownloadButton } from '../../../components/licence/download-button';
import type { LicenceRow as Licence } from '../../../schemas/api/licence-responses';
import { formatMoney } from '../../../components/licence/money';

/** /account/authrecord: one row per licence, with its certificate PDF. */
export default function AuthRecordPage() {
  return (
    <ListCard<Licence>
      title="授权记录"
      apiPath="order/authrecord"
      empty={
        <span>
          还没有授权记录，<Link to="/">去挑选素材</Link>
        </span>
      }
      columns={[
        { title: '素材', dataIndex: 'title', render: (t, r) => <Link to={`/video/detail/${r.materialId}`}>{t}</Link> },
        {
          title: '授权场景',
          dataIndex: 'scenarioName',
          render: (s, r) => (
            <>
              {s} <Tag>{r.levelName}</Tag>
            </>
          ),
        },
        { title: '被授权方', dataIndex: 'licenseeName' },
        { title: '订单号', dataIndex: 'orderNo' },
        { title: '金额', dataIndex: 'priceCents', render: (p) => formatMoney(p) },
        {
          title: '验证码',
          dataIndex: 'verifyCode',
          render: (c) => (
            <Typography.Text copyable code>
              {c}
            </Typography.Text>
          ),
        },
        { title: '授权时间', dataIndex: 'createdAt', render: (d) => dayjs(d).format('YYYY-MM-DD HH:mm') },
        {
          title: '证书',
          key: 'pdf',
          render: (_, r) => (
            <DownloadButton
              url={`/api/order/licence/${r.id}/certificate`}
              label="下载授权证书"
              fallbackName={`授权证书-${r.verifyCode}.pdf`}
            />
          ),
        },
      ]}
    />
  );
}
