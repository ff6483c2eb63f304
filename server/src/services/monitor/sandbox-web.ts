import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_PREFIX } from '../../adapters/web/index.js';
import type { ObjectStore } from '../../storage/index.js';
import { alignVideo } from '../fingerprint/align.js';
import { fingerprintVideo } from '../fingerprint/video.js';
import { ffmpegBin, run } from '../media/binaries.js';
import { MIN_VIDEO_SHARE } from './match.js';
import {
  IMAGE_TRANSFORMS,
  TRANSFORM_LABELS,
  transformImage,
  unrelatedImage,
  type ImageTransform,
} from './transforms.js';

/**
 * The sandbox "web" the monitor crawls in tests and the demo: small sites on hosts ending in
 * .sandbox.test, stored in the object store and served by the web adapter and at /dev/web. They
 * carry transformed copies of given works, unrelated pictures, a robots.txt-forbidden page and a
 * page beyond the crawl depth, so every crawler rule and every transformation is exercised.
 */
export const SANDBOX_SITES = {
  blog: 'photo-blog.sandbox.test',
  news: 'news-portal.sandbox.test',
  shop: 'licensed-shop.sandbox.test',
  forum: 'travel-forum.sandbox.test',
} as const;

export interface SandboxWork {
  id: number;
  type: number;
  title: string;
  original: Buffer;
}
export interface SandboxPlan {
  images: SandboxWork[];
  videos: SandboxWork[];
  licensedWorkId?: number;
}
export interface SandboxManifest {
  /** What each site carries: mediaUrl -> work id and transformation (null: unrelated). */
  copies: Array<{ host: string; pageUrl: string; mediaUrl: string; workId: number | null; transform: string }>;
  /** Copies a compliant crawler must not see (robots.txt or beyond depth 2). */
  hidden: Array<{ host: string; pageUrl: string; mediaUrl: string; workId: number; reason: 'robots' | 'depth' }>;
}

const html = (title: string, body: string) =>
  Buffer.from(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
  );

async function trimVideo(original: Buffer): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-sbx-'));
  try {
    const src = path.join(dir, 'in'),
      out = path.join(dir, 'out.mp4');
    await fs.promises.writeFile(src, original);
    // Trimmed (from 1 s, 4 s long), rescaled, letterboxed and re-encoded: a typical repost.
    await run(await ffmpegBin(), [
      '-v',
      'error',
      '-y',
      '-ss',
      '1',
      '-i',
      src,
      '-t',
      '4',
      '-an',
      '-vf',
      'scale=320:-2,pad=320:ih+60:0:30:black',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      out,
    ]);
    return await fs.promises.readFile(out);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whether the trimmed, letterboxed repost of a clip is still recognisable by the matcher. A clip
 * of fine noise (the Game of Life demo designs) has no picture left once scaled down, so no
 * perceptual hash can follow it; the demo shows a clip a monitoring customer would upload.
 */
export async function repostRecognisable(original: Buffer, signal?: AbortSignal): Promise<boolean> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-sbx-'));
  try {
    const a = path.join(dir, 'orig'),
      b = path.join(dir, 'copy.mp4');
    await fs.promises.writeFile(a, original);
    await fs.promises.writeFile(b, await trimVideo(original));
    const alignment = alignVideo(await fingerprintVideo(a, signal), await fingerprintVideo(b, signal));
    return !!alignment && alignment.matched / alignment.compared >= MIN_VIDEO_SHARE;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export async function buildSandboxWeb(storage: ObjectStore, plan: SandboxPlan): Promise<SandboxManifest> {
  const manifest: SandboxManifest = { copies: [], hidden: [] };
  const put = (host: string, file: string, data: Buffer) => storage.put(`${SANDBOX_PREFIX}${host}/${file}`, data);
  const url = (host: string, p: string) => `http://${host}/${p}`;

  // Blog: one page per transformation family, over the image works in turn; a private page robots.txt forbids.
  const blog = SANDBOX_SITES.blog;
  await put(blog, 'robots.txt', Buffer.from('User-agent: *\nDisallow: /private/\nCrawl-delay: 0\n'));
  const posts: string[] = [];
  for (const [i, t] of IMAGE_TRANSFORMS.entries()) {
    const work = plan.images[i % Math.max(1, plan.images.length)];
    if (!work) break;
    const file = `img/${t}-${work.id}.jpg`;
    await put(blog, file, await transformImage(work.original, t as ImageTransform));
    const page = `posts/${t}.html`;
    const other = `img/other-${i}.jpg`;
    await put(blog, other, await unrelatedImage(100 + i));
    await put(
      blog,
      page,
      html(
        `随笔：${TRANSFORM_LABELS[t as ImageTransform]}`,
        `<p>今日分享</p><img src="/${file}"><img src="/${other}"><a href="/">首页</a>`,
      ),
    );
    manifest.copies.push({
      host: blog,
      pageUrl: url(blog, page),
      mediaUrl: url(blog, file),
      workId: work.id,
      transform: t,
    });
    manifest.copies.push({
      host: blog,
      pageUrl: url(blog, page),
      mediaUrl: url(blog, other),
      workId: null,
      transform: 'unrelated',
    });
    posts.push(`<li><a href="/${page}">${TRANSFORM_LABELS[t as ImageTransform]}</a></li>`);
  }
  if (plan.images[0]) {
    await put(blog, 'private/hidden.jpg', await transformImage(plan.images[0].original, 'rescale'));
    await put(blog, 'private/index.html', html('私密相册', '<img src="/private/hidden.jpg">'));
    manifest.hidden.push({
      host: blog,
      pageUrl: url(blog, 'private/'),
      mediaUrl: url(blog, 'private/hidden.jpg'),
      workId: plan.images[0].id,
      reason: 'robots',
    });
  }
  await put(blog, 'index.html', html('摄影博客', `<ul>${posts.join('')}<li><a href="/private/">私密</a></li></ul>`));

  // News portal: the video works, trimmed and letterboxed, and a deep archive beyond depth 2.
  const news = SANDBOX_SITES.news;
  await put(news, 'robots.txt', Buffer.from('User-agent: *\nAllow: /\n'));
  const items: string[] = [];
  for (const v of plan.videos) {
    const file = `video/clip-${v.id}.mp4`;
    await put(news, file, await trimVideo(v.original));
    const page = `news/${v.id}.html`;
    await put(news, page, html('视频新闻', `<video src="/${file}" controls></video>`));
    manifest.copies.push({
      host: news,
      pageUrl: url(news, page),
      mediaUrl: url(news, file),
      workId: v.id,
      transform: 'trimmed-video',
    });
    items.push(`<li><a href="/${page}">视频新闻 ${v.id}</a></li>`);
  }
  if (plan.images[1] ?? plan.images[0]) {
    const w = plan.images[1] ?? plan.images[0];
    await put(news, 'archive/deep/old.jpg', await transformImage(w.original, 'recompress'));
    await put(news, 'archive/deep/page.html', html('旧闻', '<img src="/archive/deep/old.jpg">'));
    await put(news, 'archive/index.html', html('归档', '<a href="/archive/deep/">更早</a>'));
    await put(news, 'archive/deep/index.html', html('更早', '<a href="/archive/deep/page.html">旧闻</a>'));
    manifest.hidden.push({
      host: news,
      pageUrl: url(news, 'archive/deep/page.html'),
      mediaUrl: url(news, 'archive/deep/old.jpg'),
      workId: w.id,
      reason: 'depth',
    });
  }
  await put(news, 'index.html', html('新闻门户', `<ul>${items.join('')}<li><a href="/archive/">归档</a></li></ul>`));

  // Shop of a licence holder: a copy of the licensed work (auto-approved use) and product shots.
  const shop = SANDBOX_SITES.shop;
  await put(shop, 'robots.txt', Buffer.from('User-agent: *\nDisallow:\n'));
  const licensed = plan.images.find((w) => w.id === plan.licensedWorkId);
  let shopBody = '';
  if (licensed) {
    await put(shop, 'img/banner.jpg', await transformImage(licensed.original, 'rescale'));
    manifest.copies.push({
      host: shop,
      pageUrl: url(shop, ''),
      mediaUrl: url(shop, 'img/banner.jpg'),
      workId: licensed.id,
      transform: 'licensed',
    });
    shopBody += '<img src="/img/banner.jpg">';
  }
  for (let i = 0; i < 3; i++) {
    await put(shop, `img/product-${i}.jpg`, await unrelatedImage(200 + i));
    shopBody += `<img src="/img/product-${i}.jpg">`;
    manifest.copies.push({
      host: shop,
      pageUrl: url(shop, ''),
      mediaUrl: url(shop, `img/product-${i}.jpg`),
      workId: null,
      transform: 'unrelated',
    });
  }
  await put(shop, 'index.html', html('正版图库商店', shopBody));

  // Forum: only unrelated pictures (a clean source).
  const forum = SANDBOX_SITES.forum;
  let forumBody = '';
  for (let i = 0; i < 4; i++) {
    await put(forum, `img/trip-${i}.jpg`, await unrelatedImage(300 + i));
    forumBody += `<img src="/img/trip-${i}.jpg">`;
    manifest.copies.push({
      host: forum,
      pageUrl: url(forum, ''),
      mediaUrl: url(forum, `img/trip-${i}.jpg`),
      workId: null,
      transform: 'unrelated',
    });
  }
  await put(forum, 'index.html', html('旅行论坛', forumBody));
  await storage.put(`${SANDBOX_PREFIX}manifest.json`, Buffer.from(JSON.stringify(manifest)));
  return manifest;
}
