import { type FormEvent, useId } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useGymState, useGymStore } from '#app/shell/ShellProvider.tsx';

/**
 * The active-gym switch in the header. Without JavaScript it is a plain POST form to /gym that redirects back;
 * with JavaScript the same form is submitted by a fetcher, so the page's data reloads without a full page load.
 */
export function GymSelector() {
  const { gyms, activeId } = useGymState();
  const store = useGymStore();
  const fetcher = useFetcher();
  const location = useLocation();
  const selectId = useId();
  const redirectTo = location.pathname + location.search;

  if (gyms.length === 0) return null;

  function choose(id: number) {
    return store.select(id, async (gymId) => {
      await fetcher.submit({ gymId: String(gymId), redirectTo }, { method: 'post', action: '/gym' });
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = Number(new FormData(event.currentTarget).get('gymId'));
    void choose(id);
  }

  return (
    <form method="post" action="/gym" className="gym-selector" onSubmit={onSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={selectId} className="gym-selector__label">
        Ваш клуб
      </label>
      <select
        id={selectId}
        name="gymId"
        value={activeId}
        onChange={(event) => void choose(Number(event.currentTarget.value))}
        className="gym-selector__select"
      >
        {gyms.map((gym) => (
          <option key={gym.id} value={gym.id}>
            {gym.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          Выбрать
        </button>
      </noscript>
    </form>
  );
}
