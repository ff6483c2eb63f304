import type { MaterialDetailData } from './api';

/**
 * 图片来源 lines of a work made from photographs under free licences (the demo catalogue, issue
 * #31): each photo's author, its licence (linked to the licence text) and the Debian package that
 * ships it. Nothing for a creator's own work. Plain elements, so the desktop and mobile pages share it.
 */
export function PhotoCredits({
  credits,
  style,
}: {
  credits: MaterialDetailData['credits'];
  style?: React.CSSProperties;
}) {
  // A clip of three photos by one author under one licence says so once.
  const lines = [...new Map((credits ?? []).map((c) => [`${c.author}|${c.licence}|${c.package}`, c])).values()];
  if (!lines.length) return null;
  return (
    <div data-testid="photo-credits" style={{ fontSize: 13, color: '#595959', ...style }}>
      {lines.map((c, i) => (
        <p key={`${c.author}-${i}`} style={{ margin: '0 0 4px' }}>
          图片来源：{c.author}，
          {/* Underlined: inside a line of text a link needs more than its colour (WCAG 1.4.1). */}
          <a href={c.licenceUrl} target="_blank" rel="noreferrer license" style={{ textDecoration: 'underline' }}>
            {c.licence}
          </a>
          （Debian 软件包 {c.package}）
        </p>
      ))}
    </div>
  );
}
