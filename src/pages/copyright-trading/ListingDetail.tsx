import { useState } from 'react';
import { Link } from 'react-router-dom';
import { App, Button, Descriptions, Drawer, Skeleton, Space, Timeline, Typography } from 'antd';
import { enumLabel } from '../../schemas/registry';
import { formatDateTime, formatMoney, StatusTag } from '../../resources/views/cells';
import { SchemaFormModal } from '../../components/schema-form/SchemaFormModal';
import { ensureLogin } from '../../components/licence/ensure-login';
import { useLoad } from '../content/use-load';
import { buyListing, fetchChain, fetchListing, offerFor } from './copyright-trading-api';

export const rightsText = (rights: string[]) => rights.map((r) => enumLabel('lumen:enums/right', r)).join('、');

/** A listing with its proof of title (verify link), its chain of title, and buy or offer. */
export function ListingDetail({ id, onClose, onDeal }: { id: number; onClose: () => void; onDeal: () => void }) {
  const { message } = App.useApp();
  const { data: l } = useLoad(() => fetchListing(id), [id]);
  const { data: chain } = useLoad(() => fetchChain(id), [id]);
  const [offering, setOffering] = useState(false);
  const buy = async () => {
    if (!(await ensureLogin())) return;
    try {
      await buyListing(id);
      message.success('已付款，款项由平台托管；请在“我的购买”中签署合同');
      onDeal();
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Drawer open width={640} title={l?.workName ?? '版权详情'} onClose={onClose}>
      {!l ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="权利人">{l.sellerName}</Descriptions.Item>
            <Descriptions.Item label="交易方式">
              {l.mode === 'licence' ? '许可' : '转让'}
              {l.exclusive ? '（独占）' : '（非独占）'}
            </Descriptions.Item>
            <Descriptions.Item label="权利">{rightsText(l.rights)}</Descriptions.Item>
            <Descriptions.Item label="地域与期限">
              {l.territory}，{l.termYears ? `${l.termYears} 年` : '永久'}
            </Descriptions.Item>
            <Descriptions.Item label="价格">
              {l.priceCents ? <Typography.Text strong>{formatMoney(l.priceCents)}</Typography.Text> : '买家出价'}
            </Descriptions.Item>
            <Descriptions.Item label="权属证明">
              {l.proof?.type === 'deposit' ? (
                <Space direction="vertical" size={0}>
                  <span>
                    存证证书 {l.proof.certNo}（{formatDateTime(l.proof.at)}）
                  </span>
                  <Link to={String(l.proof.verifyPath)} target="_blank">
                    核验存证
                  </Link>
                </Space>
              ) : l.proof ? (
                <Link to={String(l.proof.certificatePath)} target="_blank">
                  版权登记证书
                </Link>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            {l.description ? <Descriptions.Item label="说明">{l.description}</Descriptions.Item> : null}
          </Descriptions>
          <div data-testid="chain-of-title">
            <Typography.Title level={5}>权属链</Typography.Title>
            <Timeline
              items={[
                ...(chain?.original
                  ? [
                      {
                        color: 'green',
                        children: (
                          <>
                            原始权利人 <b>{chain.original.holder}</b>（{formatDateTime(chain.original.at)}）
                          </>
                        ),
                      },
                    ]
                  : []),
                ...(chain?.transfers ?? []).map((t) => ({
                  children: (
                    <>
                      {t.from} → <b>{t.holder}</b>（{formatDateTime(t.at)}，存证区块 {t.ledgerHeight}）
                    </>
                  ),
                })),
              ]}
            />
          </div>
          {l.status === 'listed' && (
            <Space>
              {l.priceCents ? (
                <Button type="primary" onClick={buy} data-testid="buy-listing">
                  立即购买（{formatMoney(l.priceCents)}）
                </Button>
              ) : null}
              <Button onClick={async () => (await ensureLogin()) && setOffering(true)}>出价</Button>
            </Space>
          )}
          {l.status === 'sold' && <StatusTag table="copyright-listing" value={l.status} />}
          <SchemaFormModal
            open={offering}
            schemaId="lumen:forms/copyright-offer"
            title="向权利人出价"
            okText="提交出价"
            onCancel={() => setOffering(false)}
            onSubmit={async (f) => {
              await offerFor(id, f);
              message.success('出价已提交，等待权利人回复');
              setOffering(false);
              onDeal();
            }}
          />
        </Space>
      )}
    </Drawer>
  );
}
