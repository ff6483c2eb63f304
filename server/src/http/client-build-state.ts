import fs from 'node:fs';

/**
 * The marker `npm start` (scripts/client-build.mjs) writes beside the client folder while it builds
 * the client: `<clientDir>.building`, holding the builder's process id. Beside, not inside: the build
 * empties the folder first. The server starts during the build and serves a 构建中 page meanwhile.
 */
export const buildingMarker = (clientDir: string) => `${clientDir.replace(/[\\/]+$/, '')}.building`;

/** Whether a build of this folder is under way: the marker exists and its process still runs. */
export function clientBuildInProgress(clientDir: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(buildingMarker(clientDir), 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but is not ours to signal. ESRCH: a killed build left its marker.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The page a browser gets while the client is being built: it asks again every few seconds. */
export const BUILDING_PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>正在准备网页 - 流明素材</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 15vh auto; padding: 0 16px; color: #262626">
<h1 style="font-size: 22px">流明素材正在准备网页</h1>
<p>服务已启动，网页客户端正在首次构建（约一两分钟）。本页每 5 秒自动刷新，构建完成后即显示首页。</p>
<p style="color: #595959">接口已可使用：<a href="/api/health">/api/health</a></p>
</body>
</html>
`;
