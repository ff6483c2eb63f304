import { lazy, Suspense, useEffect, useState } from 'react';
import { setLoginRequester } from '../../dataProvider/axios';
import { userStore } from '../user/user-store';
import { HelperDialog } from './HelperDialog';
import { openLogin, registerLoginOpener } from './index';
import { openHelper } from './helper';
import { loginInstance } from './login-instance';
import { useLoginGuard } from './use-login-guard';
import { toast } from './toast';

// The dialog (forms, ajv, qrcode) loads on first open, keeping it out of the home page bundle.
const LoginDialog = lazy(() => import('./LoginDialog'));

declare global {
  interface Window {
    /** Documented hook for tests and other modules' code: the same functions the header uses. */
    lumenAuth?: { openLogin: typeof openLogin; openHelper: typeof openHelper; logout: () => Promise<void> };
  }
}

/**
 * Mount once inside the router and antd providers (App.tsx). Registers openLogin(), shows the
 * login dialog on a 401, guards protected routes, loads userInfo at start-up.
 */
export function LoginDialogHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    registerLoginOpener(() => loginInstance.request(() => setOpen(true)));
    setLoginRequester(() => openLogin().catch(() => undefined));
    window.lumenAuth = { openLogin, openHelper, logout: userStore.logout };
    void userStore.refresh();
    return () => {
      registerLoginOpener(null);
      setLoginRequester(null);
    };
  }, []);
  // After the opener is registered: effects run in declaration order.
  useLoginGuard();
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <LoginDialog
            onSuccess={() => {
              setOpen(false);
              toast('登录成功', 'success');
              loginInstance.succeed();
            }}
            onCancel={() => {
              setOpen(false);
              loginInstance.close();
            }}
          />
        </Suspense>
      )}
      <HelperDialog />
    </>
  );
}
