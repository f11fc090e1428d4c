/**
 * Browser behaviours that follow the router: page views and the gym for web analytics, and the hourly build check
 * that turns the next navigation into a full page load once a new build is live (docs/product/shell.md). They hook
 * into the router through its public hooks; nothing here reads framework globals.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { initMetrika, reportPageView, setUserParams } from '#app/lib/analytics.ts';
import { createBuildChecker, fetchLiveBuildId } from '#app/shell/build-check.ts';
import { trackNavigation } from '#app/shell/chunk-reload.ts';
import { useRootData } from '#app/shell/root-data.ts';

export function ShellBehaviours() {
  const root = useRootData();
  const location = useLocation();
  const navigation = useNavigation();

  // The build this page runs is the one that rendered it: kept from the first render, whatever the root reloads.
  const [checker] = useState(() =>
    createBuildChecker({ currentBuildId: root?.buildId ?? '', fetchBuildId: () => fetchLiveBuildId() }),
  );
  useEffect(() => {
    checker.start();
    return () => checker.stop();
  }, [checker]);
  // The page a navigation opens, for the chunk-load guard; none once it has loaded.
  const target = navigation.location
    ? navigation.location.pathname + navigation.location.search + navigation.location.hash
    : null;
  useEffect(() => trackNavigation(target), [target]);
  useEffect(() => {
    if (navigation.state === 'loading' && navigation.location && checker.isStale()) {
      const { pathname, search, hash } = navigation.location;
      window.location.assign(pathname + search + hash);
    }
  }, [navigation, checker]);

  const metrikaId = root?.env.yandexMetrikaId ?? null;
  const nonce = root?.nonce;
  const gymId = root?.activeGymId ?? null;
  const gymName = root?.gyms.find((gym) => gym.id === gymId)?.name ?? null;
  useEffect(() => {
    // Later calls do nothing: the counter is loaded once per page, with the gym of the first page.
    if (metrikaId) initMetrika(metrikaId, nonce, { gym_id: gymId, gym: gymName });
  }, [metrikaId, nonce, gymId, gymName]);
  useEffect(() => {
    setUserParams({ gym_id: gymId, gym: gymName });
  }, [gymId, gymName]);
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (navigation.state === 'idle') {
      reportPageView(new URL(pathname + search + hash, window.location.origin).href, document.title);
    }
  }, [pathname, search, hash, navigation.state]);

  return null;
}
