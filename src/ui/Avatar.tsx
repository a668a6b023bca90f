import { css } from 'styled-system/css';

const circle = css({
  w: '9',
  h: '9',
  flexShrink: 0,
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.fg',
  display: 'grid',
  placeItems: 'center',
  fontSize: 'sm',
  fontWeight: 'semibold',
  overflow: 'hidden',
});

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export function Avatar({ name, photo, size }: { name: string; photo?: string | null; size?: number }) {
  const style = size ? { width: size, height: size, fontSize: size / 2.6 } : undefined;
  return (
    <span className={circle} style={style} aria-hidden="true">
      {photo ? <img src={photo} alt="" width={size ?? 36} height={size ?? 36} /> : initials(name)}
    </span>
  );
}
