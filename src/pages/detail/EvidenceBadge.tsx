import { Link } from 'react-router-dom';
import { Tag, Tooltip } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { catalogueApi } from '../../components/material/api';
import { useRemote } from '../../components/material/useRemote';

/** "已存证" badge linking to the evidence-deposit certificate, shown only when one exists. */
export function EvidenceBadge({ materialId }: { materialId: number }) {
  const ev = useRemote(() => catalogueApi.evidence(materialId), [materialId]);
  if (!ev.data) return null;
  const e = ev.data;
  return (
    <Tooltip title={`证书编号 ${e.certNo}，存证时间 ${dayjs(e.depositedAt).format('YYYY-MM-DD HH:mm')}`}>
      <Link to={e.certificateUrl} data-testid="evidence-badge">
        <Tag icon={<SafetyCertificateOutlined />} color="success">
          已版权存证 · 查看证书
        </Tag>
      </Link>
    </Tooltip>
  );
}
