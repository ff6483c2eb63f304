import { useNavigate } from 'react-router-dom';
import { Button, ErrorBlock, List, Space } from 'antd-mobile';
import { get } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import type { LicensedMaterial } from '../../schemas/api/licence-responses';
import { DownloadLink } from '../parts/DownloadLink';
import { Remote } from '../parts/Remote';

/** /licences: the materials I hold a licence for, with the original file and the licence certificate. */
export default function LicencesPage() {
  const navigate = useNavigate();
  const list = useRemote(
    () => get<{ list: LicensedMaterial[]; total: number }>('/api/order/myauth/list', { page: 1, pageSize: 50 }),
    [],
  );
  return (
    <div className="m-page" data-testid="m-licences">
      <Remote state={list}>
        {(r) =>
          r.list.length ? (
            <List>
              {r.list.map((l) => (
                <List.Item
                  key={l.materialId}
                  data-testid="m-licence"
                  description={
                    <Space wrap style={{ marginTop: 6 }}>
                      {l.hasOriginal && (
                        <DownloadLink
                          url={`/api/order/download/${l.materialId}`}
                          label="下载原文件"
                          fallbackName={l.title}
                        />
                      )}
                      <DownloadLink
                        url={`/api/order/licence/${l.latestLicenceId}/certificate`}
                        label="下载授权证书"
                        fallbackName={`授权证书-${l.latestLicenceId}.pdf`}
                      />
                    </Space>
                  }
                >
                  {l.title}
                </List.Item>
              ))}
            </List>
          ) : (
            <ErrorBlock status="empty" title="还没有授权" description="购买素材后可在这里下载">
              <Button color="primary" onClick={() => navigate('/')}>
                去挑选素材
              </Button>
            </ErrorBlock>
          )
        }
      </Remote>
    </div>
  );
}
