import type { ComponentType } from 'react';

/**
 * Route name -> lazy page module. Each page lives in src/pages/<area>/ and is split into its
 * own chunk, so the home page does not carry forms, tables and ajv. Routes without an entry
 * render the page frame (RoutePlaceholder) until their issue builds them.
 */
export const pages: Record<string, () => Promise<{ default: ComponentType }>> = {
  CreatorWorks: () => import('../pages/creator/Works'),
  CreatorWithdraw: () => import('../pages/creator/Withdraw'),
  MyDeposit: () => import('../pages/cyprotect/MyDeposit'),
  MyRegister: () => import('../pages/cyprotect/MyRegister'),
  MyDciRegister: () => import('../pages/cyprotect/MyDciRegister'),
  Ticket: () => import('../pages/account/Ticket'),
  CertifyDeposit: () => import('../pages/certify/DepositCertificate'),
  CertifyDepositNew: () => import('../pages/certify/DepositCertificate'),
  Admin: () => import('../pages/admin/AdminPage'),
};
