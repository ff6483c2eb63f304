import { deleteCookie, getCookie, setCookie } from './cookies';

/** Token lifetime from the spec: 15768000000 read as milliseconds (about six months). */
export const TOKEN_LIFETIME_MS = 15_768_000_000;

/** The token is kept in localStorage 'token' and in the cross-subdomain cookie 'token1'. */
export function getToken(): string | null {
  return localStorage.getItem('token') || getCookie('token1');
}

export function setToken(token: string): void {
  localStorage.setItem('token', token);
  setCookie('token1', token, TOKEN_LIFETIME_MS / 1000);
}

export function clearToken(): void {
  localStorage.removeItem('token');
  deleteCookie('token1');
}
