import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Result, Skeleton, Typography } from 'antd';
import { SchemaFormBody } from '../../components/schema-form/SchemaFormModal';
import { useLoad } from '../content/use-load';
import { fetchProofs, publishListing } from './copyright-trading-api';

/** /cytransfer/publishcopyright: list a copyright for transfer or licence, resting on the seller's own deposit or registration. */
export default function PublishCopyrightPage() {
  const { data: proofs, loading } = useLoad(fetchProofs, []);
  const [done, setDone] = useState<number | null>(null);
  if (loading) return <Skeleton active />;
  if (done)
    return (
      <Card>
        <Result
          status="success"
          title="已提交，审核通过后公开"
          subTitle={`挂牌编号 ${done}`}
          extra={
            <Link to="/cytransfer/salecopyright">
              <Button type="primary">查看我的挂牌</Button>
            </Link>
          }
        />
      </Card>
    );
  return (
    <Card title="发布版权">
      <Typography.Paragraph type="secondary">
        挂牌需以您本人已完成的存证或已登记成功的版权登记作为权属证明，经运营审核后在版权市场公开。成交款项由平台托管，双方签署合同后放款。
      </Typography.Paragraph>
      {!proofs?.length ? (
        <Alert
          type="info"
          showIcon
          message="您还没有可作为权属证明的存证或版权登记"
          action={
            <Link to="/cyprotect/mydeposit?action=create">
              <Button size="small" type="primary">
                去存证
              </Button>
            </Link>
          }
        />
      ) : (
        <div data-testid="listing-form">
          <SchemaFormBody
            schemaId="lumen:forms/copyright-listing"
            okText="提交审核"
            narrow={(schema) => ({
              ...schema,
              properties: {
                ...schema.properties,
                proof: {
                  ...schema.properties.proof,
                  oneOf: proofs.map((p) => ({
                    const: `${p.type}:${p.id}`,
                    title: `${p.type === 'deposit' ? '存证' : '版权登记'} · ${p.workName}（${p.reference}）`,
                  })),
                },
              },
            })}
            onSubmit={async (form) => setDone((await publishListing(form)).id)}
          />
        </div>
      )}
    </Card>
  );
}
