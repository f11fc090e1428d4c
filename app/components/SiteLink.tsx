import { useSyncExternalStore } from 'react';
import { Link, type LinkProps, NavLink, type NavLinkProps } from 'react-router';
import { currentConnection, type PrefetchMode, prefetchMode } from '#app/shell/prefetch.ts';

function subscribe(onChange: () => void) {
  const connection = currentConnection();
  connection?.addEventListener('change', onChange);
  return () => connection?.removeEventListener('change', onChange);
}

/** `intent`, or `none` on 2g / data saver. The server renders `intent` (it only adds hover handlers). */
export function usePrefetchMode(): PrefetchMode {
  return useSyncExternalStore(
    subscribe,
    () => prefetchMode(currentConnection()),
    () => 'intent',
  );
}

/** A site link that prefetches the next page on intent unless the connection is slow. */
export function SiteLink(props: Omit<LinkProps, 'prefetch'>) {
  return <Link prefetch={usePrefetchMode()} {...props} />;
}

export function SiteNavLink(props: Omit<NavLinkProps, 'prefetch'>) {
  return <NavLink prefetch={usePrefetchMode()} {...props} />;
}
