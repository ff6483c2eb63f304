import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { RequestError } from '../../dataProvider/axios';
import { openLogin } from '../../components/login';
import { fetchAccess } from './admin-api';
import { StaffNav } from './StaffNav';

type Access = 'loading' | 'visitor' | 'denied' | 'staff' | { error: string };

/** Renders its children, under the staff navigation, for staff only; visitors are offered the login, everyone else a 403. */
export function StaffGate({ area, children }: { area: string; children: ReactNode }) {
  const [access, setAccess] = useState<Access>('loading');
  const check = () =>
    fetchAccess()
      .then((r) => setAccess(r.staff ? 'staff' : 'denied'))
      .catch((e: RequestError) => setAccess(e.code === 401 ? 'visitor' : { error: e.message }));
  useEffect(() => {
    void check();
  }, []);

  if (access === 'loading') return <Spin size="large" style={{ display: 'block', margin: '20vh auto' }} />;
  if (access === 'visitor')
    return (
      <Result
        status="403"
        title="请先登录"
        subTitle={`${area}仅对运营人员开放`}
        extra={
          <Button type="primary" onClick={() => openLogin().then(check, () => undefined)}>
            登录
          </Button>
        }
      />
    );
  if (access === 'denied') return <Result status="403" title="403" subTitle={`没有权限：${area}仅对运营人员开放`} />;
  if (typeof access === 'object')
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={access.error}
        extra={<Button onClick={() => void check()}>重试</Button>}
      />
    );
  return (
    <>
      <div style={{ padding: '16px 16px 0' }}>
        <StaffNav />
      </div>
      {children}
    </>
  );
}
