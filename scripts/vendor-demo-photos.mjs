#!/usr/bin/env node
/**
 * Reproduces server/seed-assets/photos/ (the demo catalogue's photographs, issue #31): for every
 * photo listed in credits.json, downloads its Debian package with `apt-get download` (no install),
 * unpacks it with `dpkg-deb -x` into a temporary folder, and writes the picture resized to 1920 px
 * on the long side (JPEG quality 85, metadata stripped). Each package's copyright file, where the
 * author and licence of each picture are stated, is copied beside them.
 *
 *   node scripts/vendor-demo-photos.mjs        (needs apt-get, dpkg-deb and a package list: apt-get update)
 *
 * Authors, licences, titles, tags and descriptions are written by hand in credits.json; this
 * script only refreshes the image files from the packages it names.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server/seed-assets/photos');
const credits = JSON.parse(fs.readFileSync(path.join(dir, 'credits.json'), 'utf8'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-demo-photos-'));
try {
  const packages = [...new Set(credits.photos.map((p) => p.package))];
  for (const pkg of packages) {
    execFileSync('apt-get', ['download', pkg], { cwd: work, stdio: 'inherit' });
    const deb = fs.readdirSync(work).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
    execFileSync('dpkg-deb', ['-x', path.join(work, deb), path.join(work, pkg)]);
    fs.mkdirSync(path.join(dir, 'copyright'), { recursive: true });
    fs.copyFileSync(path.join(work, pkg, 'usr/share/doc', pkg, 'copyright'), path.join(dir, 'copyright', pkg));
  }
  for (const p of credits.photos) {
    const src = path.join(work, p.package, p.path);
    await sharp(src)
      .rotate()
      .resize(1920, 1920, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toFile(path.join(dir, p.file));
    console.log(`${p.file} <- ${p.package}:${p.path}`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
