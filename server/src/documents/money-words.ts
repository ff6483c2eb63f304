const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** One 4-digit group in capital numerals, zeros collapsed (e.g. 1005 -> 壹仟零伍). */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + UNITS[i];
  }
  return out;
}

/**
 * An amount in the capital numerals invoices print for 价税合计（大写）, e.g. 12345 cents ->
 * 壹佰贰拾叁圆肆角伍分, 10000 cents -> 壹佰圆整.
 */
export function moneyInWords(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error('moneyInWords: cents must be a non-negative integer');
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  let head = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let y = yuan; y > 0; y = Math.floor(y / 10000)) groups.push(y % 10000);
    let needZero = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const v = groups[g];
      if (v === 0) {
        needZero = head !== '';
        continue;
      }
      if (head && (needZero || v < 1000)) head += '零';
      needZero = false;
      head += group(v) + GROUPS[g];
    }
    head += '圆';
  }
  if (jiao === 0 && fen === 0) return `${head || '零圆'}整`;
  let tail = '';
  if (jiao > 0) tail += `${DIGITS[jiao]}角`;
  else if (yuan > 0) tail += '零';
  if (fen > 0) tail += `${DIGITS[fen]}分`;
  return head + tail;
}
