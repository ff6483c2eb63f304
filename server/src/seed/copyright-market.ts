import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { recordDeposit } from '../services/deposit-ledger.js';
import { publishListing, reviewListing } from '../services/copyright-trading.js';
import { validateForm } from '../routes/form-validate.js';
import { seededUserIds } from './users.js';

/** Work category code of 文字作品 (lumen:enums/work-category). */
const TEXT_WORK = 4;

/**
 * demo_creator's written works, deposited as a creator deposits a file at /cyprotect/deposit, then
 * offered on the copyright market: one listed after staff review, one waiting at the review queue.
 */
const WORKS = [
  {
    workName: '《山城夜行》微电影剧本',
    fileName: '山城夜行-剧本-定稿.txt',
    text: [
      '《山城夜行》微电影剧本（定稿）',
      '',
      '第一场　外景　江边步道　夜',
      '雾从江面漫上来，缆车的灯一盏盏亮起。林舟背着相机包，沿着石阶往上走。',
      '林舟（画外音）：这座城的夜，要从下往上看。',
      '',
      '第二场　内景　老茶馆　夜',
      '茶馆里只剩一桌客人。老板擦着盖碗，抬头看见林舟，笑了。',
      '老板：又来拍雾？今晚江上起得早。',
      '林舟：拍完这一组，片子就剪完了。',
      '',
      '第三场　外景　天台　凌晨',
      '城市的灯在雾里连成一片。林舟按下快门，天边泛起第一道光。',
      '（完）',
    ].join('\n'),
    listing: {
      mode: 'transfer',
      rights: ['reproduction', 'distribution', 'network_dissemination', 'filming', 'adaptation'],
      territory: '中国大陆',
      exclusive: true,
      price: 12000,
      description: '15分钟微电影剧本，已完成分镜，适合城市宣传片或品牌短片改编。转让后可署改编者名。',
    },
    approve: true,
  },
  {
    workName: '《四季》原创歌词',
    fileName: '四季-歌词.txt',
    text: [
      '《四季》',
      '',
      '春天把信写在柳梢上',
      '夏天把它读给蝉听',
      '秋天收起一整片金黄',
      '冬天在窗上画一盏灯',
      '',
      '走过的路都有回声',
      '等过的人都在途中',
    ].join('\n'),
    listing: {
      mode: 'licence',
      rights: ['reproduction', 'performance', 'network_dissemination'],
      territory: '全球',
      termYears: 3,
      exclusive: false,
      description: '可谱曲演唱并在网络平台发布，非独占许可三年。欢迎音乐人出价。',
    },
    approve: false,
  },
] as const;

/**
 * Demo copyright market: two of demo_creator's deposits on offer, through the deposit ledger and
 * the trading service a creator and staff use (the form checked by its schema). Skips when any
 * listing exists.
 */
export async function seedCopyrightMarket(app: FastifyInstance): Promise<void> {
  const db = app.db;
  if ((await db.query('SELECT 1 FROM copyright_listings LIMIT 1')).rows.length) return;
  const ids = await seededUserIds(db, ['demo_creator', 'demo_staff']);
  const creator = ids.get('demo_creator');
  const staff = ids.get('demo_staff');
  if (creator === undefined || staff === undefined) return;
  for (const w of WORKS) {
    const bytes = Buffer.from(`${w.text}\n`, 'utf8');
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const fileKey = app.storage.newKey('deposit', 'txt');
    await app.storage.put(fileKey, bytes, { contentType: 'text/plain; charset=utf-8', sha256 });
    const deposit = await db.tx((q) =>
      recordDeposit(q, {
        userId: creator,
        materialId: null,
        workName: w.workName,
        workCategory: TEXT_WORK,
        form: {
          workName: w.workName,
          workCategory: TEXT_WORK,
          files: [{ name: w.fileName, size: bytes.length, type: 'text/plain' }],
        },
        fileName: w.fileName,
        fileKey,
        fileSize: bytes.length,
        mime: 'text/plain',
        sha256,
      }),
    );
    const form = await validateForm(app, 'lumen:forms/copyright-listing', {
      ...w.listing,
      rights: [...w.listing.rights],
      proof: `deposit:${deposit.id}`,
    });
    const listingId = await publishListing(db, creator, form);
    if (w.approve) await reviewListing(db, listingId, staff, true);
  }
}
