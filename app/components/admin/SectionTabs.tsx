import { NavLink } from 'react-router';

const TABS = [
  { key: 'trainings', label: 'Тренировки' },
  { key: 'trainings/trends', label: 'Направления' },
  { key: 'trainings/slots', label: 'Расписание' },
  { key: 'trainings/changes', label: 'Изменения расписания' },
];

/** Trainings, trends, weekly slots and dated changes are edited in one section (SPEC §5). */
export function SectionTabs({ current }: { current: string }) {
  return (
    <nav className="admin-tabs" aria-label="Тренировки и расписание">
      {TABS.map((tab) => (
        <NavLink key={tab.key} to={`/admin/${tab.key}`} end aria-current={tab.key === current ? 'page' : undefined}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
