import { NavLink } from 'react-router';
import { groupTabs } from '#app/admin/nav.ts';

/** The tabs of a section group: trainings with their trends, weekly slots and dated changes are one staff section. */
export function SectionTabs({ group, current }: { group: { key: string; label: string }; current: string }) {
  return (
    <nav className="admin-tabs" aria-label={group.label}>
      {groupTabs(group.key).map((tab) => (
        <NavLink key={tab.to} to={tab.to} end aria-current={tab.to === `/admin/${current}` ? 'page' : undefined}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
