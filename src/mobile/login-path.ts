/** The login page's address that brings the visitor back to `path` (a path under /m) afterwards. */
export const loginPath = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;

/** Where a login sends the visitor: the redirect when it is a path of this site, else the home. */
export function afterLoginPath(redirect: string | null): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login')
    ? redirect
    : '/';
}
