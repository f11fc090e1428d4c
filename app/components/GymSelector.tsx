import { type FormEvent, useId } from 'react';
import { useLocation } from 'react-router';
import { GymOptions } from '#app/components/OptionList.tsx';
import { useChooseGym, useGymState } from '#app/shell/ShellProvider.tsx';
import { isNewChoice } from '#app/shell/store.ts';

/**
 * The active-gym switch in the header. Without JavaScript it is a plain POST form to /gym that redirects back;
 * with JavaScript the same form is submitted by the shell's gym fetcher, so the page's data reloads in place.
 */
export function GymSelector() {
  const state = useGymState();
  const chooseGym = useChooseGym();
  const location = useLocation();
  const selectId = useId();
  const redirectTo = location.pathname + location.search;

  if (state.gyms.length === 0) return null;

  function choose(id: number) {
    if (isNewChoice(state, id)) chooseGym(id, redirectTo);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    choose(Number(new FormData(event.currentTarget).get('gymId')));
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
        value={state.activeId}
        onChange={(event) => choose(Number(event.currentTarget.value))}
        className="gym-selector__select"
      >
        <GymOptions gyms={state.gyms} />
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          Выбрать
        </button>
      </noscript>
    </form>
  );
}
