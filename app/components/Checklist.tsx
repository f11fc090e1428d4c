import { Icon } from '#app/components/Icon.tsx';

/** A list of short points, each after a check mark (a card's features, a coach's achievements). */
export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={16} /> {item}
        </li>
      ))}
    </ul>
  );
}
