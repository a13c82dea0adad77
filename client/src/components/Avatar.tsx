import { useState } from 'react';
import { fullName } from '@shared/format';

type AvatarProps = {
  name: string;
  lastName?: string | null;
  src?: string | null;
  size?: number;
  className?: string;
  /** Beside the person's name: hidden from screen readers, which would read the name twice. */
  decorative?: boolean;
};

export const initials = (name: string, lastName?: string | null) =>
  `${name.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase() || '?';

/** A person's photo, or their initials on the brand colour when there is none. */
export function Avatar({ name, lastName, src, size = 40, className = '', decorative = false }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: size * 0.4 };
  const shownName = fullName(name, lastName);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : shownName}
        width={size}
        height={size}
        className={`rounded-circle object-fit-cover flex-shrink-0 ${className}`}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      className={`vec-avatar rounded-circle flex-shrink-0 ${className}`}
      style={style}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': shownName })}
    >
      {initials(name, lastName)}
    </span>
  );
}
