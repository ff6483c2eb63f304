import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../paths.js';

/**
 * The demo catalogue's pictures: real photographs shipped by Debian packages under free licences
 * (server/seed-assets/photos, reproduced by scripts/vendor-demo-photos.mjs), and the clips and
 * templates made from them. Every demo work keeps the author and licence of each photo it shows.
 */
export const PHOTO_DIR = path.join(REPO_ROOT, 'server/seed-assets/photos');

/** Author and licence of one photograph, as stored on a work (materials.credits) and shown on its page. */
export interface PhotoCredit {
  /** The vendored file (server/seed-assets/photos). */
  file: string;
  author: string;
  licence: string;
  licenceUrl: string;
  /** The Debian package that ships the photograph, and its path there. */
  package: string;
  path: string;
}

interface Texts {
  /** Subject word of the composed titles ('{s}'). */
  word: string;
  /** A title written for the picture, used for the first work of the subject. */
  title: string;
  tags: string[];
  /** A Latin tag, for mixed Chinese/English queries. */
  latin: string;
  /** Category name per material type (from vocab CATEGORIES). */
  categories: { 1: string; 2: string; 11: string };
  /** One sentence on what is in the picture. */
  description: string;
}

export interface Photo extends Texts {
  file: string;
  package: string;
  packageVersion: string;
  path: string;
  author: string;
  licence: string;
  licenceUrl: string;
}

export const PHOTOS: Photo[] = (
  JSON.parse(fs.readFileSync(path.join(PHOTO_DIR, 'credits.json'), 'utf8')) as { photos: Photo[] }
).photos;

function photo(file: string): Photo {
  const p = PHOTOS.find((x) => x.file === file);
  if (!p) throw new Error(`no demo photo ${file}`);
  return p;
}

export function creditOf(p: Photo): PhotoCredit {
  return {
    file: p.file,
    author: p.author,
    licence: p.licence,
    licenceUrl: p.licenceUrl,
    package: p.package,
    path: p.path,
  };
}

/** A clip: pan and zoom over 2-4 photos with crossfades and an ambient sound track. */
export interface ClipDesign extends Texts {
  photos: string[];
  seconds: number;
}

const cat = (video: string, template: string) => ({ 1: video, 2: template, 11: '风景摄影' });

export const CLIPS: ClipDesign[] = [
  {
    photos: ['autumn-mountain.jpg', 'picos-de-europa.jpg', 'mountain-sunset.jpg'],
    seconds: 16,
    word: '秋日山野',
    title: '秋日山野：秋林、雪山与山顶日落',
    tags: ['山峰', '秋天', '雪山', '日落', '山川', '草地'],
    latin: 'mountain',
    categories: cat('自然风光', '片头片尾'),
    description: '艾茨戈里山的秋色树林、欧罗巴山峰的残雪与山顶日落，三个镜头缓缓推拉并交叉淡化，配有舒缓的环境音。',
  },
  {
    photos: ['orange-flower.jpg', 'marigold.jpg', 'yellow-flower.jpg'],
    seconds: 15,
    word: '花朵',
    title: '橙红黄三色花朵微距推镜',
    tags: ['花朵', '花瓣', '微距', '橙色', '黄色', '万寿菊'],
    latin: 'flower',
    categories: cat('自然风光', '节日祝福'),
    description: '橙色花朵、红色万寿菊与黄色花朵的微距特写依次淡入，镜头缓慢推近花瓣。',
  },
  {
    photos: ['dandelion-field.jpg', 'dandelion-seeds.jpg'],
    seconds: 12,
    word: '蒲公英',
    title: '夕阳逆光下的蒲公英',
    tags: ['蒲公英', '夕阳', '逆光', '种子', '草地'],
    latin: 'dandelion',
    categories: cat('自然风光', '婚礼相册'),
    description: '夕阳逆光下的蒲公英草地与两颗蒲公英种子的特写，镜头平移后交叉淡化。',
  },
  {
    photos: ['forest-stream.jpg', 'raindrops.jpg', 'leaf-veins.jpg'],
    seconds: 18,
    word: '溪流',
    title: '林间溪流与雨后绿叶',
    tags: ['溪流', '瀑布', '树林', '雨滴', '绿叶', '绿色'],
    latin: 'stream',
    categories: cat('自然风光', '企业宣传'),
    description: '林间溪流顺着岩石层层落下，接着是挂满雨滴的绿叶和透光的叶脉，满屏清新的绿色。',
  },
  {
    photos: ['dragonfly.jpg', 'ladybird.jpg'],
    seconds: 12,
    word: '昆虫',
    title: '蜻蜓与瓢虫微距特写',
    tags: ['蜻蜓', '瓢虫', '昆虫', '微距', '夏天', '花朵'],
    latin: 'insect',
    categories: cat('动物萌宠', '片头片尾'),
    description: '停在枝头的蜻蜓与勿忘我花丛中的瓢虫，两段微距镜头缓慢推近。',
  },
  {
    photos: ['bridge-bay.jpg', 'dune-grass.jpg'],
    seconds: 14,
    word: '海边',
    title: '海湾滩涂与海边沙丘',
    tags: ['海边', '滩涂', '沙丘', '大海', '蓝天', '桥梁'],
    latin: 'beach',
    categories: cat('自然风光', '企业宣传'),
    description: '从斜拉桥钢索下的海湾滩涂平移到海边沙丘上摇曳的枯草，蓝天与大海贯穿始终。',
  },
  {
    photos: ['fig-bowl.jpg', 'wine-room.jpg', 'paint-brushes.jpg'],
    seconds: 16,
    word: '静物',
    title: '无花果、红酒与画笔静物',
    tags: ['静物', '无花果', '红酒', '画笔', '色彩', '室内'],
    latin: 'stilllife',
    categories: cat('美食生活', '电商促销'),
    description: '红碗里的半个无花果、木桌上的红酒与手鼓、沾满颜料的画笔，三幅静物缓慢推拉。',
  },
  {
    photos: ['two-spaniels.jpg', 'nuthatch.jpg'],
    seconds: 10,
    word: '小动物',
    title: '窗口的小狗与树干上的小鸟',
    tags: ['小狗', '小鸟', '萌宠', '宠物', '可卡犬', '普通䴓'],
    latin: 'pet',
    categories: cat('动物萌宠', '片头片尾'),
    description: '木屋窗口探头的两只可卡犬，接着是倒挂在树干上的普通䴓。',
  },
  {
    photos: ['storm-road.jpg', 'green-grass.jpg', 'water-drop.jpg', 'raindrops.jpg'],
    seconds: 30,
    word: '雨天',
    title: '一场雨的前后：乌云、青草、水滴与雨珠',
    tags: ['暴风雨', '乌云', '青草', '水滴', '雨滴', '天气'],
    latin: 'rain',
    categories: cat('自然风光', '企业宣传'),
    description: '乌云压向公路的暴风雨、嫩绿的青草、落入水面的水滴与雨后挂满水珠的绿叶，四个镜头讲述一场雨的前后。',
  },
  {
    photos: ['mountain-sunset.jpg', 'dandelion-field.jpg', 'dune-grass.jpg'],
    seconds: 60,
    word: '黄昏',
    title: '一分钟黄昏长镜头：日落、蒲公英与沙丘',
    tags: ['黄昏', '日落', '夕阳', '蒲公英', '沙丘', '逆光'],
    latin: 'sunset',
    categories: cat('自然风光', '片头片尾'),
    description: '山顶日落、逆光的蒲公英与海边沙丘的枯草，一分钟的慢节奏长镜头，适合作为背景视频。',
  },
];

/** A template: a title card over one photo (a frame, a heading and a line that fade in), with sound. */
export interface TemplateDesign extends Texts {
  photo: string;
  seconds: number;
  /** The placeholder heading and line drawn on the card (replaced by the buyer). */
  heading: string;
  line: string;
}

export const TEMPLATES: TemplateDesign[] = [
  {
    photo: 'picos-de-europa.jpg',
    seconds: 10,
    heading: '在此输入标题',
    line: '副标题 · 雪山之旅',
    word: '雪山',
    title: '雪山开场标题模板',
    tags: ['雪山', '山峰', '片头', '标题', '蓝天'],
    latin: 'mountain',
    categories: { 1: '自然风光', 2: '片头片尾', 11: '风景摄影' },
    description: '欧罗巴雪山照片缓慢推近，画面中央的标题框与文字依次淡入，可替换标题与副标题。',
  },
  {
    photo: 'bridge-bay.jpg',
    seconds: 10,
    heading: '企业名称',
    line: '连接每一片海岸',
    word: '海湾',
    title: '海湾桥梁企业宣传模板',
    tags: ['海湾', '桥梁', '蓝天', '企业介绍', '宣传'],
    latin: 'bridge',
    categories: { 1: '城市建筑', 2: '企业宣传', 11: '风景摄影' },
    description: '斜拉桥钢索与海湾滩涂作底，标题框与企业口号淡入，适合企业介绍开场。',
  },
  {
    photo: 'marigold.jpg',
    seconds: 10,
    heading: '节日快乐',
    line: '在此输入祝福语',
    word: '万寿菊',
    title: '红色万寿菊节日祝福模板',
    tags: ['万寿菊', '花朵', '祝福', '节日', '红色'],
    latin: 'flower',
    categories: { 1: '自然风光', 2: '节日祝福', 11: '风景摄影' },
    description: '红色万寿菊特写作底，边框中淡入祝福语，文字可替换。',
  },
  {
    photo: 'fig-bowl.jpg',
    seconds: 10,
    heading: '新鲜水果',
    line: '限时特价 ¥19.9',
    word: '无花果',
    title: '无花果生鲜促销模板',
    tags: ['无花果', '水果', '促销', '美食', '红色'],
    latin: 'fig',
    categories: { 1: '美食生活', 2: '电商促销', 11: '美食摄影' },
    description: '红碗里的无花果作底，标题与价格淡入，适合生鲜水果促销。',
  },
  {
    photo: 'dandelion-field.jpg',
    seconds: 10,
    heading: '我们结婚啦',
    line: '新郎 & 新娘 · 日期',
    word: '蒲公英',
    title: '蒲公英婚礼相册模板',
    tags: ['蒲公英', '婚礼', '相册', '夕阳', '浪漫'],
    latin: 'dandelion',
    categories: { 1: '自然风光', 2: '婚礼相册', 11: '风景摄影' },
    description: '夕阳下的蒲公英草地作底，边框中淡入新人姓名与日期。',
  },
  {
    photo: 'mountain-sunset.jpg',
    seconds: 10,
    heading: '感谢观看',
    line: '出品 · 在此输入团队名称',
    word: '日落',
    title: '山顶日落片尾字幕模板',
    tags: ['日落', '片尾', '山峰', '夕阳'],
    latin: 'sunset',
    categories: { 1: '自然风光', 2: '片头片尾', 11: '风景摄影' },
    description: '山顶日落缓慢推近，淡入致谢字幕，适合作为片尾。',
  },
];

export const clipPhotos = (c: ClipDesign): Photo[] => c.photos.map(photo);
export const templatePhoto = (t: TemplateDesign): Photo => photo(t.photo);
