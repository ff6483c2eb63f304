import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Collapse, List, Steps, Toast } from 'antd-mobile';
import { get } from '../../dataProvider/axios';
import { useRemote } from '../../components/material/useRemote';
import { formatMoney } from '../../components/licence/money';
import type { ServiceCatalogueBody } from '../../schemas/api/service-order-responses';
import type { CopyrightService } from '../../pages/copyright/service-catalogue';
import { mobilePathFor } from '../desktop-link';
import { BuyService } from './BuyService';
import { Remote } from './Remote';

/** The staff-edited catalogue with current prices, as the desktop service pages read it. */
export const fetchCatalogue = () => get<ServiceCatalogueBody>('/api/service-orders/catalogue');

/** The service's packages and prices; each is bought on the phone and paid at /pay. */
export function Packages({ serviceCode }: { serviceCode: string }) {
  const catalogue = useRemote(fetchCatalogue, []);
  return (
    <Remote state={catalogue} empty={(c) => !c.packages.some((p) => p.service === serviceCode)}>
      {(c) => {
        const unit = c.services.find((s) => s.code === serviceCode)?.unit ?? '次';
        return (
          <List header="服务套餐" data-testid="m-service-packages">
            {c.packages
              .filter((p) => p.service === serviceCode)
              .map((p) => (
                <List.Item
                  key={p.sku}
                  data-testid="m-service-package"
                  description={`${p.quantity} ${unit}${p.validDays ? `，${p.validDays} 天内有效` : '，长期有效'}`}
                  extra={
                    <div style={{ textAlign: 'right' }}>
                      <div className="m-price" data-testid={`m-price-${p.sku}`}>
                        {formatMoney(p.priceCents)}
                      </div>
                      <BuyService pkg={p} />
                    </div>
                  }
                >
                  {p.title}
                </List.Item>
              ))}
          </List>
        );
      }}
    </Remote>
  );
}

/**
 * Where the service's own flow continues after buying. Its desktop page has no mobile page yet
 * (the /cyprotect centre), and a phone opening it is sent to the mobile home, so the address is
 * offered to copy for a computer rather than as a link that would bounce.
 */
export function NextStep({ start }: { start: CopyrightService['start'] }) {
  const mobile = mobilePathFor(start.to);
  if (mobile)
    return (
      <Link to={mobile} className="m-link">
        {start.label}
      </Link>
    );
  const url = `${location.origin}${start.to}`;
  return (
    <Card title={`下一步：${start.label}`} data-testid="m-next-step">
      <p style={{ margin: '0 0 8px', color: '#595959', fontSize: 14 }}>
        请在电脑上打开以下地址继续办理（版权保护中心暂未提供手机版）：
      </p>
      <p style={{ margin: '0 0 8px', wordBreak: 'break-all', fontSize: 13 }}>{url}</p>
      <Button
        size="small"
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => Toast.show({ content: '地址已复制' }),
            () => Toast.show({ content: '复制失败，请手动记下地址' }),
          )
        }
      >
        复制电脑端地址
      </Button>
    </Card>
  );
}

/**
 * A copyright service on a phone: what it is, its features, packages with prices, steps and FAQ.
 * `verify` links its certificates' check page (services that issue none: false).
 */
export function ServiceSheet({
  s,
  verify: withVerify = true,
  children,
}: {
  s: CopyrightService;
  verify?: boolean;
  children?: ReactNode;
}) {
  const verify = withVerify ? mobilePathFor(s.verifyTo ?? '/copyrightVerify') : null;
  return (
    <div className="m-page" data-testid="m-service">
      <div className="m-hero">
        <h2 style={{ fontSize: 20, margin: '0 0 6px' }}>{s.title}</h2>
        <p style={{ margin: 0, fontSize: 14, lineHeight: 1.6 }}>{s.tagline}</p>
        {verify && (
          <Link to={verify} className="m-link">
            核验证书
          </Link>
        )}
      </div>
      {children}
      {s.features.length > 0 && (
        <List header="服务特点">
          {s.features.map((f) => (
            <List.Item key={f.title} description={f.text}>
              {f.title}
            </List.Item>
          ))}
        </List>
      )}
      <Packages serviceCode={s.serviceCode} />
      <h3 className="m-section-title">办理流程</h3>
      <Steps direction="vertical" current={-1}>
        {s.steps.map((t) => (
          <Steps.Step key={t} title={t} status="wait" />
        ))}
      </Steps>
      <NextStep start={s.start} />
      <h3 className="m-section-title">常见问题</h3>
      <Collapse>
        {s.faq.map((f) => (
          <Collapse.Panel key={f.q} title={f.q}>
            {f.a}
          </Collapse.Panel>
        ))}
      </Collapse>
    </div>
  );
}
