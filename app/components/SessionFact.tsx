import type { ReactNode } from 'react';
import { Icon, type IconName } from '#app/components/Icon.tsx';

/** One line of a session's facts (`dl.signup__facts`): the term, after its icon when it has one, and the value. */
export function SessionFact({ icon, label, children }: { icon?: IconName; label: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        {icon ? <Icon name={icon} size={16} /> : null}
        {icon ? ` ${label}` : label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
